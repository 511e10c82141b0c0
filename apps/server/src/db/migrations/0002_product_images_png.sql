-- The demo product pictures are PNG now (phone apps cannot show SVG): point stored demo picture URLs at
-- the PNG; the old .svg addresses still answer, with a redirect to the PNG.
UPDATE "product_images"
SET "url" = regexp_replace("url", '\.svg$', '.png')
WHERE "url" ~ '^/images/products/[a-z0-9-]+\.svg$';
