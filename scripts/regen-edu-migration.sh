#!/usr/bin/env bash
# Regenerates the education migration (0001) from the schema while it has not shipped to a centre yet.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -f server/db/migrations/0001_education.sql server/db/migrations/meta/0001_snapshot.json
node -e '
const fs=require("fs");const p="server/db/migrations/meta/_journal.json";
const j=JSON.parse(fs.readFileSync(p,"utf8"));j.entries=j.entries.filter(e=>e.idx<1);fs.writeFileSync(p,JSON.stringify(j,null,2)+"\n");'
npx drizzle-kit generate --name education
