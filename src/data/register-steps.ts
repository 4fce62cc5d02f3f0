import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { RegisterStepDecideRequest } from '../generated/api-types';
import { DATA_POINTS_KEY } from './data-points';

/** Under the data points' key: a decision changes the open steps a data point's row counts. */
const REGISTER_STEPS_KEY = [...DATA_POINTS_KEY, 'register-steps'] as const;

/** A data point's suspicious register steps, or the organisation's still open (no id). */
export function registerStepsQuery(dataPointId: number | undefined) {
  return queryOptions({
    queryKey: [...REGISTER_STEPS_KEY, dataPointId ?? 'open'] as const,
    queryFn: () => api.registerSteps(dataPointId === undefined ? {} : { dataPointId }),
  });
}

export function useRegisterSteps(dataPointId: number | undefined) {
  return useQuery(registerStepsQuery(dataPointId));
}

/** Decides a step: then every list of steps and every data point's count of open ones is asked again. */
export function useDecideRegisterStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: RegisterStepDecideRequest) => api.registerStepDecide(decision),
    onSuccess: () => client.invalidateQueries({ queryKey: DATA_POINTS_KEY }),
  });
}
