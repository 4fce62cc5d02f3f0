import { contracts, type EndpointName } from '../generated/api-contracts';
import { roleAllows } from './roles';
import { useMyRole } from './use-my-role';

/**
 * Whether the signed-in member's role may call an endpoint, read from its
 * contract's role: screens offer an action only when this says yes, so the
 * server's 403 is met only by a forged request.
 */
export function useCan(endpoint: EndpointName): boolean {
  const role = useMyRole();
  const binding = contracts[endpoint];
  return !('role' in binding) || roleAllows(role, binding.role);
}
