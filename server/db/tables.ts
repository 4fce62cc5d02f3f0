import type { ColumnType, Generated } from 'kysely';
import type {
  ActiveHours,
  AlertCondition,
  AlertSeverity,
  ExplorerEvent,
  ExplorerView,
  ReportPeriod,
  ReportSchedule,
  ReportScope,
  TariffUtility,
  TariffVersion,
} from '../../src/generated/api-types';

/** Timestamps are written as Date or ISO text and read back as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | T | undefined, string | T>;

/** The database as server/db/migrations/*.sql define it, for Kysely's typed queries. */
export interface Tables {
  users: {
    id: string;
    email: string;
    name: Generated<string>;
    password_hash: string;
    status: Generated<'UNCONFIRMED' | 'CONFIRMED'>;
    organisation_id: number | null;
    /** What the member may do in their organisation; meaningless while organisation_id is null. */
    role: Generated<'owner' | 'admin' | 'editor' | 'viewer'>;
    attributes: Json<Record<string, string>>;
    created_at: Generated<Date>;
    updated_at: Timestamp;
  };
  user_codes: {
    id: Generated<string>;
    user_id: string;
    purpose: 'confirm_sign_up' | 'reset_password';
    code_hash: string;
    expires_at: Timestamp;
    used_at: Timestamp | null;
    failed_attempts: Generated<number>;
    created_at: Generated<Date>;
  };
  sessions: {
    id: string;
    user_id: string;
    client_id: string;
    refresh_token_hash: string;
    created_at: Generated<Date>;
    expires_at: Timestamp;
    revoked_at: Timestamp | null;
  };
  signing_keys: {
    kid: string;
    private_jwk: Json<Record<string, unknown>>;
    public_jwk: Json<Record<string, unknown>>;
    created_at: Generated<Date>;
    retired_at: Timestamp | null;
  };
  /** The user pool's rate limits, one fixed window per limiter and key, shared by every process (migration 0038). */
  rate_limit_windows: {
    /** Which limit: server/identity/user-pool.ts names them. */
    limiter: string;
    /** What is counted: a username with its operation, or a client address. */
    key: string;
    started_at: Timestamp;
    count: number;
  };
  /** A flow's publish action's message, waiting for the MQTT broker (migration 0029, server/alerts/flow-publishes.ts). */
  flow_publishes: {
    id: Generated<number>;
    organisation_id: number;
    rule_id: number | null;
    /** Inside the organisation's namespace: the broker's topic is <prefix><namespace>/<topic>. */
    topic: string;
    payload: string;
    created_at: Generated<Date>;
    attempts: Generated<number>;
    next_at: Generated<Date>;
    sent_at: Date | null;
    error: string | null;
  };
  /** Plain MQTT readings taken from the broker and not yet stored (migration 0043, server/integrations/mqtt/inbox.ts). */
  mqtt_inbox: {
    id: Generated<string>;
    topic: string;
    payload: Uint8Array;
    received_at: Date;
  };
  outbox: {
    id: Generated<string>;
    to_address: string;
    subject: string;
    body: string;
    created_at: Generated<Date>;
    sent_at: Timestamp | null;
    error: string | null;
    /** account: what people's forms send, within each recipient's share an hour; alerts: kept by the alerts' own (migration 0028); reports: a report's scheduled mail (0032). */
    about: Generated<'account' | 'alerts' | 'reports'>;
    /** The files the mail carried, by name and size; null for none (migration 0035). */
    attachments: Json<{ filename: string; bytes: number }[]> | null;
  };
  organisations: {
    id: Generated<number>;
    name: string;
    image_key: string | null;
    /** Where its MQTT messages are published: <prefix><mqtt_namespace>/... */
    mqtt_namespace: Generated<string>;
    created_by: string;
    created_at: Generated<Date>;
    /** The demo account's organisation, whose places and readings are generated (migration 0014). */
    demo: Generated<boolean>;
    /** When it was given its dashboards from the templates (migration 0018); null until then. */
    starter_pages_added_at: Date | null;
  };
  subscriptions: {
    organisation_id: number;
    plan: 'PRO' | 'ADVANCE' | null;
    status: Generated<SubscriptionStatus>;
    provider: Generated<string>;
    provider_reference: string | null;
    /** When a trial ends, while the status is trialing (migration 0016). */
    trial_ends_at: Timestamp | null;
    updated_at: Timestamp;
  };
  invitations: {
    token: string;
    organisation_id: number;
    email: string;
    invited_by: string;
    role: Generated<'owner' | 'admin' | 'editor' | 'viewer'>;
    created_at: Generated<Date>;
    expires_at: Timestamp;
    accepted_at: Timestamp | null;
    accepted_by: string | null;
    /** Revoked by an admin, or replaced by a newer invitation to the same address (migration 0015). */
    revoked_at: Timestamp | null;
  };
  profiles: {
    user_id: string;
    display_name: string | null;
    phone_number: string | null;
    time_zone: string | null;
    image_key: string | null;
    updated_at: Timestamp;
  };
  ui_configs: {
    user_id: string;
    organisation_id: number;
    config: Json<unknown>;
    updated_at: Timestamp;
  };
  entities: {
    id: Generated<number>;
    organisation_id: number;
    parent_id: number | null;
    site_id: number | null;
    type: EntityType;
    name: string;
    tags: ColumnType<string[], string[] | undefined, string[]>;
    address: string | null;
    latitude: number | null;
    longitude: number | null;
    floor_area_m2: number | null;
    time_zone: string | null;
    image_key: string | null;
    created_at: Generated<Date>;
    updated_at: Timestamp;
  };
  data_points: {
    id: Generated<number>;
    organisation_id: number;
    entity_id: number;
    name: string;
    intent: string;
    unit: string;
    kind: DataPointKind;
    source: Generated<DataPointSource>;
    interval_minutes: Generated<number>;
    register_max: number | null;
    mqtt_topic: string | null;
    time_zone: string;
    last_ts: Timestamp | null;
    last_value: number | null;
    formula: string | null;
    /** Sum of readings_daily.readings, kept by triggers (migration 0013); bigint, read as text. */
    readings_total: ColumnType<string, never, never>;
    created_at: Generated<Date>;
    updated_at: Timestamp;
  };
  virtual_inputs: {
    data_point_id: number;
    input_id: number;
  };
  /** Keyed by organisation first, as are its rollups (migration 0040, docs/scale.md). */
  readings: {
    organisation_id: number;
    data_point_id: number;
    ts: Timestamp;
    value: number;
    delta: number | null;
    quality: Generated<number>;
  };
  /** day is a local calendar date: select it as text (day::text), since node-postgres would shift a Date. */
  readings_daily: Rollup & { day: ColumnType<string, string, string> } & DailyQuarters;
  /**
   * A local day's hourly rollups, element i of each array being hour i (see migration 0008, stored-hours.ts);
   * an hour a spread step books use in without a reading has no lowest or highest value (migration 0010).
   */
  readings_hours: {
    organisation_id: number;
    data_point_id: number;
    day: ColumnType<string, string, string>;
    hour_at: Date[];
    consumption: (number | null)[];
    readings: number[];
    value_sum: number[];
    value_min: (number | null)[];
    value_max: (number | null)[];
    estimated: number[];
  };
  /** Suspicious steps of cumulative registers and how each is booked (migration 0010, server/readings/register-steps.ts). */
  register_steps: {
    id: Generated<number>;
    /** Its point's: keyed by organisation first, as the readings it was found in are (migration 0041). */
    organisation_id: number;
    data_point_id: number;
    from_ts: Timestamp;
    to_ts: Timestamp;
    from_value: number;
    to_value: number;
    movement: RegisterMovement;
    kind: 'spike' | 'drop' | 'gap';
    used: number;
    rate: number;
    typical_rate: number | null;
    status: Generated<RegisterStepStatus>;
    decided_by: string | null;
    decided_at: Timestamp | null;
    found_at: Generated<Date>;
  };
  import_templates: {
    id: Generated<number>;
    organisation_id: number;
    name: string;
    mapping: Json<unknown>;
    updated_at: Timestamp;
  };
  meter_files: {
    id: Generated<number>;
    organisation_id: number;
    uploaded_by: string | null;
    file_name: string;
    file_key: string;
    bytes: number;
    format: 'csv' | 'xlsx';
    created_at: Generated<Date>;
  };
  data_imports: {
    id: Generated<number>;
    organisation_id: number;
    meter_file_id: number | null;
    source: 'csv' | 'xlsx' | 'sftp';
    file_name: string;
    started_by: string | null;
    mapping: Json<unknown>;
    skip_bad_rows: Generated<boolean>;
    status: Generated<ImportStatus>;
    rows_total: Generated<number>;
    rows_imported: Generated<number>;
    rows_skipped: Generated<number>;
    problems: Json<unknown[]>;
    message: string | null;
    started_at: Generated<Date>;
    finished_at: Timestamp | null;
    suspicious_steps: Generated<number>;
    first_suspicious_step: Json<unknown> | null;
    /** Last moment the importing process said it was at work (run-import.ts); see markInterruptedImports. */
    heartbeat_at: Generated<Date>;
  };
  api_keys: {
    id: Generated<number>;
    organisation_id: number;
    name: string;
    prefix: string;
    key_hash: string;
    created_by: string | null;
    created_at: Generated<Date>;
    last_used_at: Timestamp | null;
    revoked_at: Timestamp | null;
  };
  lorawan_devices: {
    id: Generated<number>;
    organisation_id: number;
    dev_eui: string;
    name: string;
    decoder: Json<unknown>;
    fields: Json<Record<string, number>>;
    /** The network server's application id, to tell uplinks on its shared topics apart. */
    application_id: string | null;
    last_uplink_at: Timestamp | null;
    last_problem: string | null;
    last_problem_at: Timestamp | null;
    created_at: Generated<Date>;
  };
  data_explorers: {
    id: Generated<number>;
    organisation_id: number;
    name: string;
    view: Json<ExplorerView>;
    created_by: string | null;
    created_at: Generated<Date>;
    updated_at: Timestamp;
  };
  explorer_labels: {
    id: Generated<number>;
    organisation_id: number;
    data_point_id: number;
    starts_at: Timestamp;
    ends_at: Timestamp;
    text: string;
    color: string;
    created_by: string | null;
    created_at: Generated<Date>;
  };
  explorer_events: {
    id: Generated<number>;
    organisation_id: number;
    entity_id: number | null;
    at: Timestamp;
    title: string;
    description: string | null;
    category: ExplorerEvent['category'];
    created_by: string | null;
    created_at: Generated<Date>;
  };
  bookmarks: {
    id: Generated<number>;
    organisation_id: number;
    user_id: string;
    explorer_id: number | null;
    title: string;
    view: Json<ExplorerView>;
    created_at: Generated<Date>;
  };
  /** An organisation's stored page; its documents are page_revisions (migration 0017). */
  pages: {
    id: Generated<number>;
    organisation_id: number;
    /** The current revision's document title, so lists need no document. */
    title: string;
    /** The layouts/ path the page started from ("dashboard/alpha"); null for a blank or imported page. */
    template: string | null;
    parent_id: number | null;
    created_by: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  page_revisions: {
    page_id: number;
    revision: number;
    /** A layout document as saved, at the schemaVersion of its day: migrated when read. */
    document: Json<unknown>;
    message: string | null;
    author_id: string | null;
    /** Revision 1 of a page the product gave the organisation (migration 0021): nobody saved it. */
    preset: Generated<boolean>;
    created_at: Generated<Date>;
  };
  tariffs: {
    id: Generated<number>;
    organisation_id: number;
    name: string;
    utility: TariffUtility;
    unit: string;
    currency: string;
    /** The contract's TariffVersion[], checked by checkTariff (migration 0019). */
    versions: Json<TariffVersion[]>;
    created_by: string | null;
    created_at: Generated<Date>;
    updated_at: Timestamp;
  };
  tariff_assignments: {
    tariff_id: number;
    organisation_id: number;
    utility: TariffUtility;
    target_kind: 'organisation' | 'entity' | 'dataPoint';
    entity_id: number | null;
    data_point_id: number | null;
  };
  benchmark_normalisers: {
    id: Generated<number>;
    organisation_id: number;
    name: string;
    unit: string;
    created_at: Generated<Date>;
  };
  benchmark_normaliser_values: {
    normaliser_id: number;
    site_id: number;
    year: number;
    value: number;
  };
  /** Alert rules on data points (migration 0024, server/alerts/). */
  alert_rules: {
    id: Generated<number>;
    organisation_id: number;
    data_point_id: number;
    name: string;
    condition: Json<AlertCondition>;
    severity: AlertSeverity;
    cooldown_minutes: Generated<number>;
    active_hours: Json<ActiveHours | null>;
    enabled: Generated<boolean>;
    /** The evaluator's state between readings (server/alerts/evaluate.ts), written when its alert changes. */
    state: Json<Record<string, unknown>>;
    /** Readings at or before it were history when the rule was made or changed (migration 0025). */
    judges_after: Generated<Date>;
    /** The stored points whose readings the rule judges: its point, or every point a flow reads (migration 0029). */
    input_point_ids: Generated<number[]>;
    created_by: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** How far the rules on each watched point have been judged (migration 0025, server/alerts/evaluate-rules.ts). */
  rule_points: {
    data_point_id: number;
    judged_through: Date;
    last_reading_at: Date | null;
    rules_version: Generated<number>;
  };
  alerts: {
    id: Generated<number>;
    organisation_id: number;
    rule_id: number;
    state: AlertState;
    value: number | null;
    started_at: Timestamp;
    fired_at: Timestamp | null;
    resolved_at: Timestamp | null;
    acknowledged_at: Timestamp | null;
    acknowledged_by: string | null;
    snoozed_until: Timestamp | null;
  };
  alert_events: {
    id: Generated<number>;
    /** Its alert's (migration 0040): alerts and all that hangs off them are keyed by organisation first. */
    organisation_id: number;
    alert_id: number;
    at: Timestamp;
    kind: AlertState | 'acknowledged' | 'snoozed' | 'comment';
    user_id: string | null;
    text: string | null;
    value: number | null;
  };
  notifications: {
    id: Generated<number>;
    organisation_id: number;
    user_id: string;
    alert_id: number;
    state: 'firing' | 'resolved';
    created_at: Generated<Date>;
    read_at: Timestamp | null;
  };
  /** What reaches each member of an alert; a member without a row takes the defaults (migration 0027). */
  notification_choices: {
    user_id: string;
    organisation_id: number;
    mail_from: Generated<'info' | 'warning' | 'critical' | 'none'>;
    mail_digest: Generated<boolean>;
    updated_at: Generated<Date>;
  };
  /** Messages to send, sent by the job runner (server/alerts/deliveries.ts). */
  notification_deliveries: {
    id: Generated<number>;
    organisation_id: number;
    alert_id: number;
    channel: 'email' | 'webhook';
    /** The address: a member's e-mail, or the webhook's URL when it was queued. */
    recipient: string;
    subject: string;
    /** The mail's text, or the webhook's JSON body. */
    body: string;
    created_at: Generated<Date>;
    attempts: Generated<number>;
    next_attempt_at: Generated<Date>;
    delivered_at: Timestamp | null;
    error: string | null;
    /** The webhook posted to (migration 0026); null for mail. */
    channel_id: number | null;
    /** A webhook's delivery is being posted by some process until then. */
    claimed_until: Date | null;
    /** A mail sent in its recipient's hourly digest, with the others due then (migration 0027). */
    digest: Generated<boolean>;
  };
  /** Webhooks that alerts are posted to (migration 0026, server/alerts/channels.ts). */
  alert_channels: {
    id: Generated<number>;
    organisation_id: number;
    name: string;
    url: string;
    secret: string;
    min_severity: AlertSeverity;
    enabled: Generated<boolean>;
    created_by: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** A report: a layout document with a scope, a period and maybe a schedule (migration 0030). */
  reports: {
    id: Generated<number>;
    organisation_id: number;
    title: string;
    document: Json<unknown>;
    scope: Json<ReportScope>;
    period: Json<ReportPeriod>;
    time_zone: string;
    schedule: Json<ReportSchedule> | null;
    /** The schedule's next run; null without a schedule, or when it stopped (schedule_error). */
    next_run_at: Timestamp | null;
    schedule_error: string | null;
    /** The paper it is printed on (migration 0031). */
    paper_size: Generated<'A4' | 'Letter'>;
    landscape: Generated<boolean>;
    created_by: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    /** Counts its saves: a change is saved over the revision it started from (migration 0033). */
    revision: Generated<number>;
    updated_by: string | null;
    /** Its mail carries the PDF as well as the link (migration 0035). */
    attach_pdf: Generated<boolean>;
  };
  /** A place's floor plan: its picture in the object storage, its markers, zones and colour scale (migration 0036). */
  floor_plans: {
    id: Generated<number>;
    organisation_id: number;
    entity_id: number;
    name: string;
    image_key: string;
    image_width: number;
    image_height: number;
    markers: Json<unknown[]>;
    zones: Json<unknown[]>;
    colour_scale: Json<unknown | null>;
    revision: Generated<number>;
    updated_by: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** A data point's kept forecast model: what its last fit chose, its backtest and the week it forecast (migration 0037). */
  forecast_models: {
    id: Generated<number>;
    organisation_id: number;
    data_point_id: number;
    temperature_data_point_id: number | null;
    training_weeks: number;
    model: string | null;
    reason: string | null;
    candidates: Json<unknown[]> | null;
    trained_from: Timestamp | null;
    trained_to: Timestamp | null;
    /** The week after trained_to, hour by hour: { t, forecast, lower, upper }[]. */
    forecast: Json<unknown[]> | null;
    fitted_at: Timestamp | null;
    last_error: string | null;
    created_by: string | null;
    created_at: Generated<Date>;
  };
  /** An organisation's holidays, the days its report schedules' working days step over (migration 0034). */
  holidays: {
    organisation_id: number;
    /** A local calendar date: select it as text (day::text), since node-postgres would shift a Date. */
    day: ColumnType<string, string, string>;
    name: string;
  };
  /** Each time a report is made, queued by its schedule or a person (migration 0030). */
  report_runs: {
    id: Generated<number>;
    organisation_id: number;
    report_id: number;
    status: Generated<'queued' | 'running' | 'done' | 'failed'>;
    scheduled_for: Timestamp | null;
    requested_by: string | null;
    period_from: Timestamp;
    period_to: Timestamp;
    created_at: Generated<Date>;
    finished_at: Timestamp | null;
    error: string | null;
    /** Its printing (migration 0031, server/reports/render-reports.ts). */
    locale: Generated<string>;
    progress: Generated<number>;
    attempts: Generated<number>;
    started_at: Timestamp | null;
    pdf_key: string | null;
    pages: number | null;
    print_token_hash: string | null;
    print_expires_at: Timestamp | null;
    /** When a scheduled run's mail went into the outbox (migration 0032). */
    mailed_at: Timestamp | null;
  };
  /** Who a report's scheduled runs are mailed to: a member or an outside address, in a language (migration 0032). */
  report_recipients: {
    id: Generated<number>;
    report_id: number;
    user_id: string | null;
    email: string | null;
    locale: string;
  };
  /** Short-lived links to a run's PDF, as getPdf hands them out (migration 0031). */
  report_links: {
    token_hash: string;
    organisation_id: number;
    run_id: number;
    expires_at: Timestamp;
    created_at: Generated<Date>;
  };
}

/** A day's quarter-hours of the point's own measure (see migration 0007); null on days written before it. */
interface DailyQuarters {
  quarters: number | null;
  quarter_sum: number | null;
  quarter_min: number | null;
  quarter_min_at: Timestamp | null;
  quarter_max: number | null;
  quarter_max_at: Timestamp | null;
}

interface Rollup {
  organisation_id: number;
  data_point_id: number;
  consumption: number | null;
  readings: number;
  value_sum: number;
  /** Null on a day a spread step books use in without a reading (migration 0010). */
  value_min: number | null;
  value_max: number | null;
  estimated: Generated<number>;
}

export type EntityType = 'site' | 'building' | 'floor' | 'zone' | 'room' | 'asset';
export type DataPointKind = 'cumulative' | 'interval' | 'instantaneous';
export type DataPointSource = 'manual' | 'csv' | 'rest' | 'mqtt' | 'lorawan' | 'sftp' | 'virtual';
export type ImportStatus = 'running' | 'done' | 'failed' | 'interrupted';
export type RegisterMovement = 'normal' | 'reset' | 'rollover' | 'drop';
export type AlertState = 'pending' | 'firing' | 'resolved';
export type RegisterStepStatus = 'open' | 'accepted' | 'spread' | 'excluded';

export type SubscriptionStatus = 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid';
