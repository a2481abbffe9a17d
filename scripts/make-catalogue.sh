#!/bin/sh
# Copy the item ids and one-line titles of a research catalogue (../shared/research/seed-NNN.md: closed forms
# C, inequalities B, numerical claims N, problems S or E) into the CATALOGUE file of a paper folder, so that
# the coverage check of `gdcert audit` (every item covered by the INDEX or explained) needs nothing outside
# the repository. Run by hand when a catalogue changes:
#     sh scripts/make-catalogue.sh ../shared/research/seed-000.md > proofs/000_09c7d5b8511ab65b/CATALOGUE
set -e
test $# -eq 1 && test -r "$1" || { echo "usage: sh scripts/make-catalogue.sh CATALOGUE.md > proofs/NAME/CATALOGUE" >&2; exit 2; }
echo "# Catalogue items of $(basename "$1") (scripts/make-catalogue.sh): ID TITLE, one per line, in catalogue order."
awk '
function emit(id, title) {
    gsub(/\*\*/, "", title); gsub(/`/, "", title); gsub(/[ \t]+/, " ", title)
    sub(/^[ .:—-]+/, "", title); sub(/[ .:]+$/, "", title)
    if (length(title) > 110) title = substr(title, 1, 107) "..."
    if (!(id in seen)) { seen[id] = 1; print id " " title }
}
/^### [A-Z][0-9]+ /         { id = $2; t = $0; sub(/^### [A-Z][0-9]+ /, "", t); emit(id, t); next }
/^\*\*[A-Z][0-9]+[ .]/      { t = $0; sub(/^\*\*/, "", t); id = t; sub(/[ .].*/, "", id); sub(/^[A-Z][0-9]+[.]? ?/, "", t);
                              sub(/\*\*.*/, "", t); emit(id, t); next }
/^\| *[A-Z][0-9]+ *\|/       { n = split($0, f, "|"); id = f[2]; gsub(/ /, "", id); loc = f[3]; cl = f[4];
                              gsub(/^ +| +$/, "", loc); gsub(/^ +| +$/, "", cl); emit(id, loc ": " cl); next }
/^\* \*\*[A-Z][0-9]+[ .]/   { t = $0; sub(/^\* \*\*/, "", t); id = t; sub(/[ .].*/, "", id); sub(/^[A-Z][0-9]+ ?/, "", t);
                              emit(id, t); next }
' "$1" | awk '{ k = index("CBNSE", substr($1, 1, 1)); printf "%d %06d %s\n", k ? k : 9, substr($1, 2), $0 }' |
    sort -n -k1,1 -k2,2 | cut -d' ' -f3-
