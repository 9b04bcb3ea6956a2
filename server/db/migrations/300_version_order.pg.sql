-- The catalogue's version order (server/catalog/versionOrder.ts) in SQL, as SQLite's JavaScript
-- functions of the same names (server/db/sqlFunctions.ts): semantic versions (semver 2.0, the
-- `semver` package's strict form) by precedence, every other name after them, ties by name.

-- major, minor, patch and pre-release of a semantic version; NULL for any other name.
CREATE FUNCTION semver_parts(name text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT parts FROM (
    SELECT regexp_match(
      btrim(name, E' \t\n\r\f\v'),
      '^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)'
      '(?:-((?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][a-zA-Z0-9-]*)(?:\.(?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][a-zA-Z0-9-]*))*))?'
      '(?:\+[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*)?$'
    ) AS parts
    WHERE length(name) <= 256
  ) matched
  -- Components beyond JavaScript's safe integers are no semantic version to the `semver` package.
  WHERE parts[1]::numeric <= 9007199254740991
    AND parts[2]::numeric <= 9007199254740991
    AND parts[3]::numeric <= 9007199254740991
$$;

-- compareVersionNames(a, b, direction): below zero when a comes first.
CREATE FUNCTION version_name_cmp(a text, b text, descending boolean) RETURNS integer
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  pa text[] := semver_parts(a);
  pb text[] := semver_parts(b);
  direction integer := CASE WHEN descending THEN -1 ELSE 1 END;
  ia text[];
  ib text[];
  x text;
  y text;
  i integer;
BEGIN
  -- Semantic versions come before other names in either direction.
  IF pa IS NOT NULL AND pb IS NULL THEN RETURN -1; END IF;
  IF pa IS NULL AND pb IS NOT NULL THEN RETURN 1; END IF;
  IF pa IS NOT NULL THEN
    FOR i IN 1..3 LOOP
      IF pa[i]::numeric <> pb[i]::numeric THEN
        RETURN direction * sign(pa[i]::numeric - pb[i]::numeric)::integer;
      END IF;
    END LOOP;
    -- A release comes after its pre-releases.
    IF pa[4] IS NULL AND pb[4] IS NOT NULL THEN RETURN direction; END IF;
    IF pa[4] IS NOT NULL AND pb[4] IS NULL THEN RETURN -direction; END IF;
    IF pa[4] IS NOT NULL THEN
      ia := string_to_array(pa[4], '.');
      ib := string_to_array(pb[4], '.');
      i := 1;
      LOOP
        x := ia[i];
        y := ib[i];
        EXIT WHEN x IS NULL AND y IS NULL;
        IF y IS NULL THEN RETURN direction; END IF;
        IF x IS NULL THEN RETURN -direction; END IF;
        IF x COLLATE "C" <> y COLLATE "C" THEN
          -- Numeric identifiers by value and before alphanumeric ones; those in ASCII order.
          IF x ~ '^[0-9]+$' AND y ~ '^[0-9]+$' THEN
            RETURN direction * sign(x::numeric - y::numeric)::integer;
          ELSIF x ~ '^[0-9]+$' THEN
            RETURN -direction;
          ELSIF y ~ '^[0-9]+$' THEN
            RETURN direction;
          END IF;
          RETURN direction * CASE WHEN x COLLATE "C" < y COLLATE "C" THEN -1 ELSE 1 END;
        END IF;
        i := i + 1;
      END LOOP;
    END IF;
  END IF;
  RETURN direction * CASE
    WHEN a COLLATE "C" < b COLLATE "C" THEN -1
    WHEN a COLLATE "C" > b COLLATE "C" THEN 1
    ELSE 0
  END;
END
$$;

CREATE FUNCTION latest_version_name_step(best text, name text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN best IS NULL OR (name IS NOT NULL AND version_name_cmp(name, best, true) < 0) THEN name
    ELSE best
  END
$$;

-- The latest of a group of version names.
CREATE AGGREGATE latest_version_name(text) (SFUNC = latest_version_name_step, STYPE = text);
