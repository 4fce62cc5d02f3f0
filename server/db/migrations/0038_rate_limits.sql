-- The embedded user pool's rate limits (server/identity/rate-limiter.ts), counted here rather than in each
-- process's memory: with several server processes on one database, a guesser spreading attempts across them
-- would otherwise get as many tries as there are processes. One row per limiter and key (a username, a client
-- address) holds the fixed window it is in: when it started and how many attempts it has counted. Rows of
-- ended windows are swept by the limiter itself, so no index on started_at slows every count down.
create table rate_limit_windows (
  limiter text not null,
  key text not null,
  started_at timestamptz not null,
  count integer not null,
  primary key (limiter, key)
);
