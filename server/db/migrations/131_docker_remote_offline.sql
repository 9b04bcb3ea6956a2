-- The seeded docker-remote is offline until DOCKER_REMOTE_URL (or an admin) names its upstream:
-- a fresh platform reaches no registry on the internet by itself.
UPDATE repositories SET offline = 1 WHERE key = 'docker-remote';
