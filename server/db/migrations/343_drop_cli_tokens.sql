-- Tokens of kind 'cli', issued by the CLI login before it made client tokens: nothing takes them
-- (not the registry, not the console's token list), so their owners can neither use nor revoke
-- them. They grant nothing; removed, so no database keeps a secret's hash that no one can see.
DELETE FROM access_tokens WHERE kind = 'cli';
