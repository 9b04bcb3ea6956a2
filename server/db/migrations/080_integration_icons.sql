-- Products of one vendor get an icon name each, so the console can tell them apart (the
-- vendor's mark with a badge for the product) where they shared the vendor's one.
UPDATE integration_catalog SET icon = 'bitbucket-server' WHERE id = 'bitbucket-server';
UPDATE integration_catalog SET icon = 'aws-eks', icon_scale = NULL WHERE id = 'amazon-eks';
UPDATE integration_catalog SET icon = 'aws-codebuild', icon_scale = NULL WHERE id = 'aws-codebuild';
UPDATE integration_catalog SET icon = 'azure-aks' WHERE id = 'azure-aks';
UPDATE integration_catalog SET icon = 'gcp-gke' WHERE id = 'google-gke';
UPDATE integration_catalog SET icon = 'gcp-cloud-build' WHERE id = 'google-cloud-build';
UPDATE integration_catalog SET icon = 'docker-desktop' WHERE id = 'docker-desktop';
