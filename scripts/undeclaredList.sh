#!/bin/sh
# Rewrites tests/api/undeclaredAnswers.ts from the current routes (while the declarations are being written).
cd "$(dirname "$0")/.." || exit 1
{
  echo "// The operations whose route does not declare its success answer yet (answers(...) in server/routes)."
  echo "// tests/api/openapi.test.ts holds the document to exactly this list: declaring one means deleting its line."
  echo "export const UNDECLARED_ANSWERS: readonly string[] = ["
  node --import tsx scripts/answerCoverage.ts --list 2>/dev/null | tail -n +2 | sed "s/.*/  '&',/"
  echo "];"
} > tests/api/undeclaredAnswers.ts
node --import tsx scripts/answerCoverage.ts 2>/dev/null
