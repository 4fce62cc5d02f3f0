import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isOpenWithoutOrganisation, useWithoutOrganisation } from '../session/organisation-gate';

/**
 * Sends a person without an organisation from any page that needs one to
 * /organisation (spec §4), where they create one, instead of letting the
 * page ask the server for data it refuses them.
 */
export function OrganisationGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const withoutOrganisation = useWithoutOrganisation();
  if (withoutOrganisation && !isOpenWithoutOrganisation(pathname)) {
    return <Navigate to="/organisation" replace />;
  }
  return children;
}
