/*
 * play_term.c — whether a terminal can show the table (play.h). Apart from
 * the rest because <term.h> defines names (lines, columns, cur_term) that
 * clash with the project's headers.
 */
#include <stdbool.h>

#include <curses.h>
#include <term.h>

bool play_term_can_address(int fd); /* play.h */

/* A "dumb" terminal (or an unknown TERM) cannot move the cursor: it would
 * show a blank screen while the game runs. */
bool play_term_can_address(int fd)
{
    int status = 0;
    if (setupterm(NULL, fd, &status) != OK)
        return false;
    const char *cup = tigetstr("cup");
    bool ok = cup != NULL && cup != (const char *)-1;
    del_curterm(cur_term);
    return ok;
}
