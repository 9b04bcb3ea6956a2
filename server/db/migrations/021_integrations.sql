-- Integrations: the catalogue of tools and vendors (seeded with the specification's groups:
-- source control, developer tools, continuous integration, plus cloud-vendor, package,
-- security, AI/MLOps and authentication entries), source-control (git) integrations and the
-- scanning service's connections to them.

CREATE TABLE integration_catalog (
  id TEXT PRIMARY KEY,
  label TEXT NOT NULL,
  icon TEXT NOT NULL DEFAULT '',
  icon_scale REAL,
  -- 1 (most prominent) to 10; NULL falls back to the default rank.
  rank INTEGER CHECK (rank IS NULL OR rank BETWEEN 1 AND 10),
  categories TEXT NOT NULL DEFAULT '[]',
  vendors TEXT NOT NULL DEFAULT '[]',
  documentation_link TEXT NOT NULL,
  -- JSON {type: "redirect"|"action", actionName, payload}, or NULL (documentation only).
  configure_action TEXT
);

INSERT INTO integration_catalog
  (id, label, icon, icon_scale, rank, categories, vendors, documentation_link, configure_action) VALUES
  ('github', 'GitHub', 'github', NULL, 1, '["Source Control"]', '[]', 'https://jfrog.com/integrations/github/', '{"type":"redirect","actionName":"integrations.vendor.list","payload":{"vendorName":"github"}}'),
  ('gitlab', 'GitLab', 'gitlab', NULL, 2, '["Source Control"]', '[]', 'https://jfrog.com/integrations/gitlab/', '{"type":"redirect","actionName":"integrations.vendor.list","payload":{"vendorName":"gitlab"}}'),
  ('bitbucket-cloud', 'Bitbucket Cloud', 'bitbucket', NULL, 3, '["Source Control"]', '[]', 'https://jfrog.com/integrations/bitbucket/', '{"type":"redirect","actionName":"integrations.vendor.list","payload":{"vendorName":"bitbucket_cloud"}}'),
  ('bitbucket-server', 'Bitbucket Server', 'bitbucket', NULL, 4, '["Source Control"]', '[]', 'https://jfrog.com/integrations/bitbucket/', '{"type":"redirect","actionName":"integrations.vendor.list","payload":{"vendorName":"bitbucket_server"}}'),
  ('jfrog-cli', 'JFrog CLI', 'jfrog-cli', NULL, 1, '["CI/CD", "Packages"]', '[]', 'https://jfrog.com/integrations/jfrog-cli/', '{"type":"action","actionName":"openCommonIntegrationModal","payload":{"tool":"jfrog-cli"}}'),
  ('github-actions', 'GitHub Actions', 'github-actions', NULL, 2, '["CI/CD"]', '[]', 'https://jfrog.com/integrations/github-actions/', '{"type":"action","actionName":"openCommonIntegrationModal","payload":{"tool":"github-actions"}}'),
  ('azure-devops', 'Azure DevOps', 'azure-devops', NULL, 3, '["CI/CD"]', '["Azure"]', 'https://jfrog.com/integrations/azure-devops/', '{"type":"action","actionName":"openCommonIntegrationModal","payload":{"tool":"azure-devops"}}'),
  ('frogbot', 'Frogbot', 'frogbot', NULL, 3, '["CI/CD", "Security", "Source Control"]', '[]', 'https://jfrog.com/integrations/frogbot/', '{"type":"action","actionName":"openCommonIntegrationModal","payload":{"tool":"frogbot"}}'),
  ('jetbrains', 'JetBrains IDEs', 'jetbrains', NULL, 4, '["IDE"]', '[]', 'https://jfrog.com/integrations/jetbrains/', '{"type":"action","actionName":"openCommonIntegrationModal","payload":{"tool":"jetbrains"}}'),
  ('vscode', 'Visual Studio Code', 'vscode', NULL, 4, '["IDE"]', '[]', 'https://jfrog.com/integrations/vs-code/', '{"type":"action","actionName":"openCommonIntegrationModal","payload":{"tool":"vscode"}}'),
  ('android-studio', 'Android Studio', 'android-studio', NULL, 5, '["IDE"]', '[]', 'https://jfrog.com/integrations/android-studio/', '{"type":"action","actionName":"openCommonIntegrationModal","payload":{"tool":"android-studio"}}'),
  ('docker-desktop', 'Docker Desktop', 'docker', NULL, 5, '["IDE", "Cloud Native"]', '[]', 'https://jfrog.com/integrations/docker-desktop/', '{"type":"action","actionName":"openCommonIntegrationModal","payload":{"tool":"docker-desktop"}}'),
  ('amazon-eks', 'Amazon EKS', 'aws', 1.2, 6, '["Cloud Native"]', '["AWS"]', 'https://jfrog.com/integrations/aws/', NULL),
  ('aws-codebuild', 'AWS CodeBuild', 'aws', 1.2, 7, '["CI/CD"]', '["AWS"]', 'https://jfrog.com/integrations/aws/', NULL),
  ('azure-aks', 'Azure Kubernetes Service', 'azure', NULL, 6, '["Cloud Native"]', '["Azure"]', 'https://jfrog.com/integrations/azure/', NULL),
  ('google-gke', 'Google Kubernetes Engine', 'gcp', NULL, 6, '["Cloud Native"]', '["GCP"]', 'https://jfrog.com/integrations/google-cloud/', NULL),
  ('google-cloud-build', 'Google Cloud Build', 'gcp', NULL, 7, '["CI/CD"]', '["GCP"]', 'https://jfrog.com/integrations/google-cloud/', NULL),
  ('kubernetes', 'Kubernetes', 'kubernetes', NULL, 5, '["Cloud Native"]', '["AWS", "Azure", "GCP"]', 'https://jfrog.com/integrations/kubernetes/', NULL),
  ('npm', 'npm', 'npm', NULL, 8, '["Packages"]', '[]', 'https://jfrog.com/integrations/npm/', '{"type":"redirect","actionName":"admin.repositories.local.new","payload":{"packageType":"npm"}}'),
  ('maven', 'Maven', 'maven', NULL, 8, '["Packages"]', '[]', 'https://jfrog.com/integrations/maven/', '{"type":"redirect","actionName":"admin.repositories.local.new","payload":{"packageType":"maven"}}'),
  ('docker', 'Docker', 'docker', NULL, 8, '["Packages", "Cloud Native"]', '[]', 'https://jfrog.com/integrations/docker/', '{"type":"redirect","actionName":"admin.repositories.local.new","payload":{"packageType":"docker"}}'),
  ('hugging-face', 'Hugging Face', 'hugging-face', NULL, 7, '["AI/MLOps", "Packages"]', '[]', 'https://jfrog.com/integrations/hugging-face/', '{"type":"redirect","actionName":"admin.repositories.remote.new","payload":{"packageType":"huggingfacemlmodel"}}'),
  ('mlflow', 'MLflow', 'mlflow', NULL, 9, '["AI/MLOps"]', '[]', 'https://jfrog.com/integrations/mlflow/', NULL),
  ('snyk', 'Snyk', 'snyk', NULL, 9, '["Security"]', '[]', 'https://jfrog.com/integrations/snyk/', NULL),
  ('saml-sso', 'SAML SSO', 'saml', NULL, 6, '["Authentication"]', '[]', 'https://jfrog.com/integrations/saml/', '{"type":"redirect","actionName":"admin.configuration.security.saml_integration","payload":{}}'),
  ('okta', 'Okta', 'okta', NULL, 7, '["Authentication"]', '[]', 'https://jfrog.com/integrations/okta/', '{"type":"redirect","actionName":"admin.configuration.security.oauth","payload":{}}'),
  ('ldap', 'LDAP', 'ldap', NULL, 8, '["Authentication"]', '[]', 'https://jfrog.com/integrations/ldap/', '{"type":"redirect","actionName":"admin.configuration.security.ldap","payload":{}}'),
  ('jenkins', 'Jenkins', 'jenkins', NULL, 3, '["CI/CD"]', '[]', 'https://jfrog.com/integrations/jenkins/', NULL),
  ('terraform', 'Terraform', 'terraform', NULL, 9, '["Cloud Native", "Packages"]', '["AWS", "Azure", "GCP"]', 'https://jfrog.com/integrations/terraform/', NULL),
  ('slack', 'Slack', 'slack', NULL, NULL, '[]', '[]', 'https://jfrog.com/integrations/slack/', NULL);

CREATE TABLE git_integrations (
  integration_key TEXT PRIMARY KEY,
  integration_name TEXT NOT NULL,
  user_name TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL,
  -- 1 GitHub, 2 GitLab, 3 Bitbucket Cloud, 4 Bitbucket Server
  vendor_name INTEGER NOT NULL CHECK (vendor_name BETWEEN 1 AND 4),
  -- 1 git
  integration_type INTEGER NOT NULL DEFAULT 1,
  -- Kept to call the vendor; never part of an answer.
  token TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  created_by TEXT NOT NULL
);
CREATE UNIQUE INDEX git_integrations_name ON git_integrations(vendor_name, integration_name COLLATE NOCASE);

CREATE TABLE vcs_connections (
  integration_key TEXT NOT NULL REFERENCES git_integrations(integration_key) ON DELETE CASCADE,
  -- 'xray' (repository scanning) or 'pipelines'
  service TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_by TEXT NOT NULL,
  PRIMARY KEY (integration_key, service)
);
