#!/bin/sh
# make install into a scratch folder (DESTDIR, PREFIX=/usr) and what it
# installed at work there: the example built against the staged library
# with pkg-config, static and shared; libuno.so's soname and its exports
# (uno_ names alone), and libuno.a's globals (the same, a program's own fail()
# linking beside them); every man page read by man and groff
# without a warning, each command's page naming every option its --help
# lists and uno(3) every function of the headers; every option the docs
# give a command in its --help; the installed uno serve finding its web
# client; no build path in the binaries; the Python package unobook
# importable where it was put; then make
# uninstall leaving no file behind. Its count goes to
# build-san/test-logs/install-summary ("install: N passed, N failed").
#
#   sh scripts/test-install.sh        (make test-install; make test runs it)
set -u
python=${PYTHON:-$(${MAKE:-make} --no-print-directory print-python)}
logs=build-san/test-logs
mkdir -p "$logs"
log=$logs/install.log
: >"$log"
stage=$(mktemp -d) scratch=$(mktemp -d)
server=""
trap 'rm -rf "$stage" "$scratch"; [ -z "$server" ] || kill "$server" 2>/dev/null' EXIT
passed=0 failed=0

# check NAME COMMAND...: runs COMMAND, its output to the log; counts it.
check() {
    name=$1
    shift
    echo "=== $name" >>"$log"
    if "$@" >>"$log" 2>&1; then
        passed=$((passed + 1))
        echo "ok - $name"
    else
        failed=$((failed + 1))
        echo "not ok - $name (see $log)"
    fi
}

usr=$stage/usr
uno=$usr/bin/uno
# pkg-config as a program built against the staged install sees it (only
# there: make install itself reads the build's packages, and its flags must
# stay those the build was made with, BUILD/flags)
staged_pkg_config() { PKG_CONFIG_LIBDIR="$usr/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$stage" pkg-config "$@"; }

install_staged() { ${MAKE:-make} --no-print-directory install DESTDIR="$stage" PREFIX=/usr; }

# No file built here names the folder it was built in.
no_build_path() {
    for f in "$usr"/bin/* "$usr"/lib/libuno.*; do
        if strings -a "$f" | grep -F "$PWD"; then
            echo "$f holds the build folder $PWD"
            return 1
        fi
    done
}

example_static() {
    cc -static -o "$scratch/static" examples/random_game.c $(staged_pkg_config --static --cflags --libs uno) &&
        ! readelf -d "$scratch/static" | grep -q NEEDED &&
        "$scratch/static" kpgut 7 >"$scratch/static.out"
}

example_shared() {
    cc -o "$scratch/shared" examples/random_game.c $(staged_pkg_config --cflags --libs uno) &&
        readelf -d "$scratch/shared" | grep 'NEEDED.*\[libuno\.so\.2\]' &&
        LD_LIBRARY_PATH="$usr/lib" "$scratch/shared" kpgut 7 >"$scratch/shared.out" &&
        cmp "$scratch/static.out" "$scratch/shared.out"
}

# The shared library's soname, and no name exported but the API's uno_.
library_exports_api() {
    readelf -d "$usr/lib/libuno.so" | grep 'SONAME.*\[libuno\.so\.2\]' &&
        others=$(nm -D --defined-only "$usr/lib/libuno.so" | awk '$3 !~ /^uno_/ {print $3}') &&
        echo "$others" && [ -z "$others" ]
}

# The static library's globals are the API's uno_ names alone: a program
# with functions of its own named as two of the engine's inner ones links
# beside it.
static_library_exports_api() {
    others=$(nm -g --defined-only "$usr/lib/libuno.a" | awk 'NF == 3 && $3 !~ /^uno_/ {print $3}')
    echo "$others"
    [ -z "$others" ] || return 1
    printf '%s\n' '#include <uno.h>' 'int fail(void);' 'int fail(void) { return 0; }' \
        'int draw_cards(void);' 'int draw_cards(void) { return 0; }' \
        'int main(void) { return fail() + draw_cards() + !uno_rules_builtin_text("mattel"); }' >"$scratch/own.c"
    cc -static -o "$scratch/own" "$scratch/own.c" $(staged_pkg_config --static --cflags --libs uno) &&
        "$scratch/own"
}

# Each page as man shows it at 80 columns, and groff's every warning (-k:
# the pages are UTF-8, as man reads them).
man_pages_read() {
    status=0
    for p in "$usr"/share/man/man*/*; do
        warnings=$( { MANWIDTH=80 man -l "$p" >/dev/null; } 2>&1; groff -k -ww -man -z "$p" 2>&1)
        [ -z "$warnings" ] || { echo "$p: $warnings"; status=1; }
    done
    return $status
}

# The page as text on lines wide enough that no word is broken.
page_text() { MANWIDTH=1000 man -l "$1" 2>/dev/null | col -b; }

man_options_in_step() {
    status=0
    for c in $("$uno" --help | sed -n '/^commands:/,$s/^  \([a-z]*\) .*/\1/p'); do
        page_text "$usr/share/man/man1/uno-$c.1" >"$scratch/page"
        for opt in $("$uno" "$c" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
            grep -q -e "$opt" "$scratch/page" || { echo "uno-$c(1) lacks $opt"; status=1; }
        done
    done
    return $status
}

man_functions_in_step() {
    page_text "$usr/share/man/man3/uno.3" >"$scratch/page"
    status=0
    for fn in $(grep -ohE '\buno_[a-z0-9_]+ *\(' "$usr"/include/uno/*.h | tr -d ' (' | sort -u); do
        grep -q "$fn" "$scratch/page" || { echo "uno(3) lacks $fn"; status=1; }
    done
    return $status
}

# Every option that README.md and docs/ give a command (`uno CMD ... --opt`
# on one line of code) is one that the installed uno CMD --help lists.
docs_options_exist() {
    status=0
    commands=$("$uno" --help | sed -n '/^commands:/,$s/^  \([a-z]*\) .*/\1/p' | paste -sd'|')
    for md in README.md docs/*.md; do
        grep -oE "uno ($commands)( [^\`|]*)?" "$md" | while read -r _ c args; do
            for opt in $(echo "$args" | grep -oE -- '--[a-z][a-z0-9-]*'); do
                "$uno" "$c" --help | grep -q -e "$opt" || echo "$md: uno $c $opt: not in uno $c --help"
            done
        done
    done | tee "$scratch/unknown"
    [ ! -s "$scratch/unknown" ]
}

# The installed uno serve on a free loopback port: / is the web client.
serves_web_client() {
    "$uno" serve --host 127.0.0.1 --port 0 --db "$scratch/uno.db" >"$scratch/serve.out" 2>&1 &
    server=$!
    port=""
    for _ in $(seq 50); do
        port=$(sed -n 's|.*http://127\.0\.0\.1:\([0-9]*\)/.*|\1|p' "$scratch/serve.out")
        [ -n "$port" ] && break
        sleep 0.1
    done
    cat "$scratch/serve.out"
    ok=false
    [ -n "$port" ] && curl -sf "http://127.0.0.1:$port/" | cmp - web/index.html && ok=true
    kill "$server"
    wait "$server" 2>/dev/null
    server=""
    $ok
}

# The Python package where make install put it (PY_SITE, docs/python.md),
# dealing and playing a game. The folder is taken from the stage, not asked
# of make again: a second python3 on the PATH (pyenv's shims) may name
# another folder than the one make install chose. The interpreter is make's
# (PYTHON, Debian's /usr/bin/python3 where there is one), which built it.
python_package_imports() {
    init=$(find "$stage" -path '*/unobook/__init__.py') && echo "installed: $init" &&
        site=$(dirname "$(dirname "$init")") &&
        PYTHONDONTWRITEBYTECODE=1 PYTHONPATH="$site" "$python" -c '
import unobook
game = unobook.Game("kpgut", 5, seed=1)
while not game.over:
    game.apply(game.legal_actions()[0])
print(unobook.__file__, game.ranks)' | grep -F "$site/unobook/__init__.py"
}

uninstall_leaves_nothing() {
    ${MAKE:-make} --no-print-directory uninstall DESTDIR="$stage" PREFIX=/usr &&
        left=$(find "$stage" ! -type d) && echo "$left" && [ -z "$left" ]
}

check "make install DESTDIR=STAGE PREFIX=/usr" install_staged
check "no build path in the installed binaries" no_build_path
check "examples/random_game.c static, with pkg-config --static" example_static
check "examples/random_game.c shared, the same game" example_shared
check "libuno.so: soname libuno.so.2, the uno_ names alone exported" library_exports_api
check "libuno.a: the uno_ names alone global; a program's own fail() links beside it" static_library_exports_api
check "man -l and groff -ww read every page without a warning" man_pages_read
check "every option of uno CMD --help is in uno-CMD(1)" man_options_in_step
check "every function of the headers is in uno(3)" man_functions_in_step
check "every option the docs give a command is in its --help" docs_options_exist
check "the installed uno serve serves the web client" serves_web_client
check "the installed Python package unobook plays a game" python_package_imports
check "make uninstall leaves no file behind" uninstall_leaves_nothing
echo "install: $passed passed, $failed failed" | tee "$logs/install-summary"
[ "$failed" -eq 0 ]
