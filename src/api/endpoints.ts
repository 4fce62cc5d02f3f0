import type {
  AcceptUserInviteRequest,
  AcceptUserInviteResponse,
  AddOrganisationRequest,
  AddOrganisationResponse,
  AppConfigResponse,
  BillingCheckoutRequest,
  BillingCheckoutResponse,
  BillingRequest,
  BillingResponse,
  GetOrgImageResponse,
  GetProfileResponse,
  GetUsersResponse,
  LocalStorageRequest,
  LocalStorageResponse,
  PreAuthorizationResponse,
  RemoveUserResponse,
  SaveOrgImageRequest,
  SaveProfileRequest,
  SendUserInviteResponse,
  UploadImageResponse,
} from '../generated/api-types';
import { apiRequest } from './client';

/** One function per endpoint, typed by the schemas in schemas/api/ through the generated types. */
export const api = {
  appConfig: () => apiRequest<AppConfigResponse>('appConfig', undefined, 'GET'),
  addOrganisation: (body: AddOrganisationRequest) =>
    apiRequest<AddOrganisationResponse>('addOrganisation', body),
  billing: (body: BillingRequest) => apiRequest<BillingResponse>('billing', body),
  billingCheckout: (body: BillingCheckoutRequest) =>
    apiRequest<BillingCheckoutResponse>('billing/checkout', body),
  getUsers: () => apiRequest<GetUsersResponse>('getUsers', {}),
  sendUserInvite: (email: string) => apiRequest<SendUserInviteResponse>('sendUserInvite', { email }),
  removeUser: (userId: string) => apiRequest<RemoveUserResponse>('removeUser', { userId }),
  acceptUserInvite: (body: AcceptUserInviteRequest) =>
    apiRequest<AcceptUserInviteResponse>('acceptUserInvite', body),
  preAuthorization: (inviteToken: string) =>
    apiRequest<PreAuthorizationResponse>('preAuthorization', { inviteToken }),
  resendVerifiedEmailCode: (email: string) => apiRequest<{ ok: true }>('resendverifiedEmailCode', { email }),
  profile: (userId: string) => apiRequest<GetProfileResponse>('profile', { user_id: userId }),
  saveProfile: (body: SaveProfileRequest) => apiRequest<{ ok: true }>('profile', body, 'PUT'),
  uploadUserLogo: (image: Blob) => apiRequest<UploadImageResponse>('uploadUserLogo', image),
  orgImage: (orgId: number) => apiRequest<GetOrgImageResponse>('orgImage', { org_id: orgId }),
  saveOrgImage: (body: SaveOrgImageRequest) => apiRequest<{ ok: true }>('orgImage', body, 'PUT'),
  uploadOrgImage: (image: Blob) => apiRequest<UploadImageResponse>('uploadOrgImage', image),
  localStorage: (body: LocalStorageRequest) => apiRequest<LocalStorageResponse>('localStorage', body),
};
