-- The packages page's landing lists the most downloaded packages first: keyset order on
-- (downloads, id), as the name, created and modified orders have.
CREATE INDEX catalog_packages_downloads ON catalog_packages(downloads, id);
