import type {
  AcceptUserInviteRequest,
  AcceptUserInviteResponse,
  AddDataPointsRefRequest,
  AddDataPointsRefResponse,
  AddEntityRequest,
  AddEntityResponse,
  AddExplorerRequest,
  AddExplorerResponse,
  AddOrganisationRequest,
  AddOrganisationResponse,
  ApiKey,
  AppConfigResponse,
  BillingCheckoutRequest,
  BillingCheckoutResponse,
  BillingRequest,
  BillingResponse,
  BookMarkCreateRequest,
  BookMarkCreateResponse,
  BookMarkDeleteResponse,
  BookMarkResponse,
  DataExplorerEventCreateRequest,
  DataExplorerEventCreateResponse,
  DataExplorerEventDeleteResponse,
  DataExplorerEventRequest,
  DataExplorerEventResponse,
  DataExplorerLabelCreateRequest,
  DataExplorerLabelCreateResponse,
  DataExplorerLabelDeleteResponse,
  DataExplorerLabelRequest,
  DataExplorerLabelResponse,
  DataImportRequest,
  DataImportResponse,
  DataPointIntentsResponse,
  DeleteDataExplorerResponse,
  EntityTypesResponse,
  ExplorerSummaryRequest,
  ExplorerSummaryResponse,
  GetChartDataByDateRequest,
  GetChartDataByDateResponse,
  GetChartDataByDateTimestreamRequest,
  GetChartDataByDateTimestreamResponse,
  GetChartDataByS3Request,
  GetChartDataByS3Response,
  GetDataImportRequest,
  GetDataImportResponse,
  GetDataPointRequest,
  GetDataPointResponse,
  GetDateExplorerResponse,
  GetEntitesForDataExplorerRequest,
  GetEntitesForDataExplorerResponse,
  GetOrgImageResponse,
  GetProfileResponse,
  GetUserDataImportRequest,
  GetUserDataImportResponse,
  GetUsersResponse,
  ImportTemplatesRequest,
  ImportTemplatesResponse,
  LocalStorageRequest,
  LocalStorageResponse,
  LorawanCreateDeviceRequest,
  LorawanCreateDeviceResponse,
  LorawanResponse,
  MeterfilesResponse,
  PreAuthorizationResponse,
  ProjectResponse,
  RemoveUserResponse,
  ReplaceDataPointRequest,
  ReplaceDataPointResponse,
  RestApiCreateResponse,
  RestApiResponse,
  SaveOrgImageRequest,
  SaveProfileRequest,
  SendUserInviteResponse,
  SiteResponse,
  SitesResponse,
  SiteTreeResponse,
  SourceResponse,
  TagsResponse,
  UpdateDataExplorerRequest,
  UpdateDataExplorerResponse,
  UpdateEntityRequest,
  UpdateEntityResponse,
  UploadEntityImageResponse,
  UploadUserLogoResponse as UploadImageResponse,
  UsageRequest,
  UsageResponse,
  VirtualDatapointCheckRequest,
  VirtualDatapointCheckResponse,
  VirtualDatapointDeleteResponse,
  VirtualDatapointRequest,
  VirtualDatapointResponse,
  VirtualDatapointUpdateRequest,
  VirtualDatapointUpdateResponse,
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
  sites: () => apiRequest<SitesResponse>('sites', {}),
  site: (entityId: number) => apiRequest<SiteResponse>('site', { entityId }),
  siteTree: () => apiRequest<SiteTreeResponse>('siteTree', {}),
  entityTypes: () => apiRequest<EntityTypesResponse>('entityTypes', {}),
  tags: () => apiRequest<TagsResponse>('tags', {}),
  project: () => apiRequest<ProjectResponse>('project', {}),
  addEntity: (body: AddEntityRequest) => apiRequest<AddEntityResponse>('addEntity', body),
  updateEntity: (body: UpdateEntityRequest) => apiRequest<UpdateEntityResponse>('updateEntity', body),
  uploadEntityImage: (entityId: number, image: Blob) =>
    apiRequest<UploadEntityImageResponse>(`uploadEntityImage?entityId=${entityId}`, image),
  // Data points (Data Feeds) and REST API keys.
  dataPointIntents: () => apiRequest<DataPointIntentsResponse>('dataPointIntents', {}),
  getDataPoint: (body: GetDataPointRequest) => apiRequest<GetDataPointResponse>('getDataPoint', body),
  addDataPointsRef: (body: AddDataPointsRefRequest) =>
    apiRequest<AddDataPointsRefResponse>('addDataPointsRef', body),
  replaceDataPoint: (body: ReplaceDataPointRequest) =>
    apiRequest<ReplaceDataPointResponse>('replaceDataPoint', body),
  source: () => apiRequest<SourceResponse>('source', {}),
  apiKeys: () => apiRequest<RestApiResponse>('restApi', undefined, 'GET'),
  createApiKey: (name: string) => apiRequest<RestApiCreateResponse>('restApi', { name }),
  revokeApiKey: (id: number) => apiRequest<ApiKey>(`restApi/${id}`, undefined, 'DELETE'),
  // Meter files: upload, dry run, import in the background, history, saved mappings.
  uploadMeterFile: (file: Blob, name: string) =>
    apiRequest<MeterfilesResponse>(`meterfiles?name=${encodeURIComponent(name)}`, file),
  getDataImport: (body: GetDataImportRequest) => apiRequest<GetDataImportResponse>('getDataImport', body),
  dataImport: (body: DataImportRequest) => apiRequest<DataImportResponse>('dataImport', body),
  getUserDataImport: (body: GetUserDataImportRequest = {}) =>
    apiRequest<GetUserDataImportResponse>('getUserDataImport', body),
  importTemplates: (body: ImportTemplatesRequest = {}) =>
    apiRequest<ImportTemplatesResponse>('importTemplates', body),
  deleteImportTemplate: (id: number) =>
    apiRequest<ImportTemplatesResponse>(`importTemplates/${id}`, undefined, 'DELETE'),
  lorawan: () => apiRequest<LorawanResponse>('lorawan', {}),
  lorawanCreateDevice: (body: LorawanCreateDeviceRequest) =>
    apiRequest<LorawanCreateDeviceResponse>('lorawanCreateDevice', body),
  // Data Explorer: series, summaries, usage, exports and virtual data points.
  getEntitesForDataExplorer: (body: GetEntitesForDataExplorerRequest = {}) =>
    apiRequest<GetEntitesForDataExplorerResponse>('getEntitesForDataExplorer', body),
  getChartDataByDate: (body: GetChartDataByDateRequest) =>
    apiRequest<GetChartDataByDateResponse>('getChartDataByDate', body),
  explorerSummary: (body: ExplorerSummaryRequest) =>
    apiRequest<ExplorerSummaryResponse>('explorerSummary', body),
  getChartDataByDateTimestream: (body: GetChartDataByDateTimestreamRequest) =>
    apiRequest<GetChartDataByDateTimestreamResponse>('getChartDataByDateTimestream', body),
  exportSeries: (body: GetChartDataByS3Request) =>
    apiRequest<GetChartDataByS3Response>('getChartDataByS3', body),
  usage: (body: UsageRequest) => apiRequest<UsageResponse>('usage', body),
  createVirtualDataPoint: (body: VirtualDatapointRequest) =>
    apiRequest<VirtualDatapointResponse>('virtualDatapoint', body),
  updateVirtualDataPoint: (body: VirtualDatapointUpdateRequest) =>
    apiRequest<VirtualDatapointUpdateResponse>('virtualDatapoint', body, 'PUT'),
  deleteVirtualDataPoint: (id: number) =>
    apiRequest<VirtualDatapointDeleteResponse>(`virtualDatapoint/${id}`, undefined, 'DELETE'),
  checkVirtualDataPoint: (body: VirtualDatapointCheckRequest) =>
    apiRequest<VirtualDatapointCheckResponse>('virtualDatapoint/check', body),
  // Saved Data Explorer views.
  getDateExplorer: () => apiRequest<GetDateExplorerResponse>('getDateExplorer', {}),
  addExplorer: (body: AddExplorerRequest) => apiRequest<AddExplorerResponse>('addExplorer', body),
  updateDataExplorer: (body: UpdateDataExplorerRequest) =>
    apiRequest<UpdateDataExplorerResponse>('updateDataExplorer', body),
  deleteDataExplorer: (id: number) => apiRequest<DeleteDataExplorerResponse>('deleteDataExplorer', { id }),
  // Labels on spans of a data point's data, and events on the organisation's timeline.
  dataExplorerLabels: (query: DataExplorerLabelRequest = {}) =>
    apiRequest<DataExplorerLabelResponse>(`dataExplorerLabel${queryString(query)}`, undefined, 'GET'),
  createDataExplorerLabel: (body: DataExplorerLabelCreateRequest) =>
    apiRequest<DataExplorerLabelCreateResponse>('dataExplorerLabel', body),
  deleteDataExplorerLabel: (id: number) =>
    apiRequest<DataExplorerLabelDeleteResponse>(`dataExplorerLabel/${id}`, undefined, 'DELETE'),
  dataExplorerEvents: (query: DataExplorerEventRequest = {}) =>
    apiRequest<DataExplorerEventResponse>(`dataExplorerEvent${queryString(query)}`, undefined, 'GET'),
  createDataExplorerEvent: (body: DataExplorerEventCreateRequest) =>
    apiRequest<DataExplorerEventCreateResponse>('dataExplorerEvent', body),
  deleteDataExplorerEvent: (id: number) =>
    apiRequest<DataExplorerEventDeleteResponse>(`dataExplorerEvent/${id}`, undefined, 'DELETE'),
  // The caller's own bookmarks to Data Explorer views.
  bookmarks: () => apiRequest<BookMarkResponse>('bookMark', undefined, 'GET'),
  createBookmark: (body: BookMarkCreateRequest) => apiRequest<BookMarkCreateResponse>('bookMark', body),
  deleteBookmark: (id: number) => apiRequest<BookMarkDeleteResponse>(`bookMark/${id}`, undefined, 'DELETE'),
};

/** ?a=1&b=2 from the filters given, or nothing: GET endpoints take their filters in the address. */
function queryString<T extends { [K in keyof T]?: string }>(query: T): string {
  const given = Object.entries<string | undefined>(query).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  return given.length === 0 ? '' : `?${new URLSearchParams(given).toString()}`;
}
