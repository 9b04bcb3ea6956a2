-- The images a stored layer may complete are found by its digest (a remote-cached image waits
-- for layers that may arrive under another image or repository).
CREATE INDEX catalog_docker_layers_digest ON catalog_docker_layers (digest);
