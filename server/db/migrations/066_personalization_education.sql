-- Personalization onboarding: a user's choices once sent (never secrets).
CREATE TABLE user_personalization (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  technologies TEXT NOT NULL,
  goal TEXT NOT NULL,
  artifact_only INTEGER NOT NULL,
  rt_only_removed INTEGER NOT NULL,
  sent_at TEXT NOT NULL
);

-- Education center: the getting-started videos each user played, and the feedback given.
CREATE TABLE education_videos_played (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  video_id TEXT NOT NULL,
  played_at TEXT NOT NULL,
  PRIMARY KEY (user_id, video_id)
);

CREATE TABLE education_feedback (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  module TEXT NOT NULL,
  helpful INTEGER NOT NULL,
  comment TEXT NOT NULL,
  created_at TEXT NOT NULL
);
