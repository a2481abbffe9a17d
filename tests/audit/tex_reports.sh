#!/bin/sh
# The committed LaTeX reports (proofs/*/report/report.tex, `gdcert audit --format tex`) are well formed:
# braces balance (escaped \{ \} and command names skipped) and never close more than they opened, every
# \begin{ENV} has its \end{ENV} in order, no character TeX treats specially stands unescaped in text
# (_ ^ # $ ~, and % except a comment line), and every row of a table has the same number of column
# separators &. Where pdflatex is installed, each report is also wrapped in a minimal booktabs/longtable
# document and compiled with -halt-on-error; without it that part is skipped (said on stdout).
. "${srcdir:-.}/tests/audit/lib.sh"

# one line per problem: FILE:LINE: what
tex_problems() { # file
    awk -v F="$1" '
    function problem(msg) { printf "%s:%d: %s\n", F, NR, msg; nbad++ }
    /^%/ { next }                               # a comment line
    {
        line = $0; n = length(line); amps = 0
        for (i = 1; i <= n; i++) {
            c = substr(line, i, 1)
            if (c == "\\") {
                d = substr(line, i + 1, 1)
                if (d ~ /[A-Za-z]/) {           # a command name: \begin{ENV} and \end{ENV} tracked
                    j = i + 1
                    while (j <= n && substr(line, j, 1) ~ /[A-Za-z]/) j++
                    cmd = substr(line, i + 1, j - i - 1)
                    if ((cmd == "begin" || cmd == "end") && substr(line, j, 1) == "{") {
                        k = index(substr(line, j + 1), "}")
                        env = substr(line, j + 1, k - 1)
                        if (cmd == "begin") stack[++top] = env
                        else if (top == 0 || stack[top] != env) problem("\\end{" env "} without its \\begin")
                        else top--
                    }
                    i = j - 1
                } else
                    i++                         # \{ \} \_ \& \% \# \$ \\ ...
                continue
            }
            if (c == "{") depth++
            else if (c == "}") { if (--depth < 0) { problem("} closes more than was opened"); depth = 0 } }
            else if (c == "&") amps++
            else if (c ~ /[_^#$~%]/) problem("unescaped " c)
        }
        # table rows (ending in \\, not a caption or a row spanning all columns) agree on their & count
        if (line ~ /\\\\[ ]*$/ && line !~ /\\(caption|multicolumn)/ && top > 0) {
            key = stack[top] SUBSEP top
            if (!(key in ncols)) ncols[key] = amps
            else if (ncols[key] != amps) problem("a row with " amps " & where the table has " ncols[key])
        }
    }
    END {
        if (depth != 0) { NR = NR; problem("braces do not balance (" depth " left open)") }
        if (top != 0) problem("\\begin{" stack[top] "} is never ended")
        exit nbad > 0
    }' "$1"
}

n=0
for tex in "$srcdir"/proofs/*/report/report.tex; do
    test -f "$tex" || continue
    n=$((n + 1))
    tex_problems "$tex" >"$tmp/problems" || bad "$(head -5 "$tmp/problems")"
done
test "$n" -gt 0 || bad "no committed report.tex under $srcdir/proofs"

# the checker itself: it must reject what it claims to reject
printf '\\begin{tabular}{ll}\na & b_c \\\\\n{x & y \\\\\n\\end{tabular}\n' >"$tmp/broken.tex"
tex_problems "$tmp/broken.tex" >"$tmp/problems" && bad "tex_problems accepted an unescaped _ and an open brace"
grep -q 'unescaped _' "$tmp/problems" || bad "tex_problems missed an unescaped _"
grep -q 'braces do not balance' "$tmp/problems" || bad "tex_problems missed an unbalanced brace"
printf '\\begin{tabular}{ll}\na \\& b\\_c & \\{x\\} \\\\\n\\end{tabular}\n' >"$tmp/good.tex"
tex_problems "$tmp/good.tex" >"$tmp/problems" || bad "tex_problems rejected a well-formed table: $(cat "$tmp/problems")"

if command -v pdflatex >/dev/null 2>&1; then
    for tex in "$srcdir"/proofs/*/report/report.tex; do
        test -f "$tex" || continue
        name=$(basename "$(dirname "$(dirname "$tex")")")
        mkdir -p "$tmp/$name"
        cp "$tex" "$tmp/$name/report.tex"
        printf '\\documentclass{article}\n\\usepackage{booktabs,longtable}\n\\begin{document}\n\\input{report.tex}\n\\end{document}\n' \
            >"$tmp/$name/doc.tex"
        (cd "$tmp/$name" && pdflatex -interaction=nonstopmode -halt-on-error doc.tex >log.txt 2>&1 &&
            pdflatex -interaction=nonstopmode -halt-on-error doc.tex >log.txt 2>&1) ||
            bad "proofs/$name/report/report.tex does not compile: $(grep -m 3 '^!' "$tmp/$name/log.txt")"
    done
else
    echo "pdflatex not installed: compiling the tex reports skipped (the well-formedness checks ran)"
fi
finish
