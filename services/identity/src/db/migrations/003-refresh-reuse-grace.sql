-- Set when a refresh token is rotated. Its successor is HMAC-SHA256(key = the rotated token, salt), so for a few
-- seconds the same rotated token can be answered with the same successor (two tabs refreshing at once) without
-- storing any token: the database holds only the salt, and the rotated token only its owner holds.
alter table refresh_tokens add column successor_salt bytea;
