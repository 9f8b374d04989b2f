/**
 * The Lua scripts of the shared counters and limiter. Each runs atomically on the Redis server: no other
 * command of any instance interleaves, which is what makes a check-and-consume exact across instances.
 *
 * Daily counters: one hash per UTC day (`<prefix>q:<day>`, field `<keyId>:<class>`) and a set of the fields
 * changed since the last write-back (`<prefix>qd:<day>`). Both expire at the day's end plus a margin
 * (EXPIREAT; never earlier than the Redis clock plus the margin, so a service clock pinned in the past
 * cannot make a counter vanish at once).
 */
import { luaScript } from './link.js';

/**
 * KEYS: counter hash, changed set. ARGV: field, cost, limit, floor, expireAtS (the day's end + margin), marginS.
 * The floor is the total the embedded store holds (written back earlier, or counted there while Redis was
 * away): a counter below it (Redis lost it, or missed what was counted meanwhile) is raised to it first.
 * Then all or nothing: the cost is added only when the total stays within the limit.
 * Returns {1, used} when admitted, {0, used} when refused.
 */
export const CONSUME = luaScript(`
local field = ARGV[1]
local cost = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local floor = tonumber(ARGV[4])
local used = tonumber(redis.call('HGET', KEYS[1], field) or '0')
local changed = false
if used < floor then
  used = floor
  redis.call('HSET', KEYS[1], field, used)
  changed = true
end
local admitted = 0
if used + cost <= limit then
  used = redis.call('HINCRBY', KEYS[1], field, cost)
  admitted = 1
  changed = true
end
if changed then
  redis.call('SADD', KEYS[2], field)
  local margin = tonumber(ARGV[6])
  local at = tonumber(ARGV[5])
  local now = tonumber(redis.call('TIME')[1])
  if at < now + margin then at = now + margin end
  redis.call('EXPIREAT', KEYS[1], at)
  redis.call('EXPIREAT', KEYS[2], at)
end
return {admitted, used}
`, 2);

/**
 * KEYS: counter hash. ARGV: field, cost. Gives units back (never below zero); a counter that no longer
 * exists stays absent (it would be created without its expiry). Returns the total after.
 */
export const REFUND = luaScript(`
local used = tonumber(redis.call('HGET', KEYS[1], ARGV[1]) or '0')
if used <= 0 then return 0 end
local left = used - tonumber(ARGV[2])
if left < 0 then left = 0 end
redis.call('HSET', KEYS[1], ARGV[1], left)
return left
`, 1);

/**
 * KEYS: counter hash, changed set. ARGV: how many. Takes up to that many changed fields off the set and
 * returns them with their totals: {fields, totals}.
 */
export const DRAIN = luaScript(`
local fields = redis.call('SPOP', KEYS[2], tonumber(ARGV[1]))
if #fields == 0 then return {{}, {}} end
return {fields, redis.call('HMGET', KEYS[1], unpack(fields))}
`, 2);

/**
 * Token bucket per id. KEYS: the bucket hash. ARGV: rate per second (= capacity).
 * Time is the Redis server's (TIME, microseconds), so instances with skewed clocks share one bucket.
 * Returns {allowed, remaining whole tokens, milliseconds until a token}.
 */
export const TAKE = luaScript(`
local rate = tonumber(ARGV[1])
local t = redis.call('TIME')
local nowUs = tonumber(t[1]) * 1000000 + tonumber(t[2])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1])
local at = tonumber(b[2])
if tokens == nil or at == nil then
  tokens = rate
  at = nowUs
end
local elapsed = nowUs - at
if elapsed < 0 then elapsed = 0 end
tokens = math.min(rate, tokens + elapsed * rate / 1000000)
local allowed = 0
local waitMs = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  waitMs = math.ceil((1 - tokens) * 1000 / rate)
end
redis.call('HSET', KEYS[1], 'tokens', string.format('%.6f', tokens), 'at', string.format('%d', nowUs))
-- A bucket idle for a second is full again: one that is gone reads as full.
redis.call('PEXPIRE', KEYS[1], 2000)
return {allowed, math.floor(tokens), waitMs}
`, 1);
