/*
 * test_table.c — `uno table` and `uno replay` through the binary (env
 * UNO_BIN), against docs/protocol.md:
 * every op used legally and illegally, every error code, garbage and
 * oversized lines, the clock, and after every error a `state` identical to
 * the one before ("the game is unchanged"). Then save files: `uno replay`
 * of a --save file (same end state and hash), a corrupt file (its line is
 * named), and crash recovery after kill -9.
 *
 * Requests are written with ' for " (no card, op or name here holds a ').
 */
#include <iconv.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "common/table_client.h"

/* ------------------------------------------------------------- helpers */

static TableClient *start_bin(const char *bin)
{
    char err[512];
    TableClient *c = table_client_start(bin, err, sizeof err);
    if (!c)
        fail_msg("%s", err);
    return c;
}

static TableClient *start(void) { return start_bin(NULL); }

static void stop(TableClient *c) { assert_int_equal(table_client_stop(c), 0); }

static char *dq(const char *q)
{
    char *s = strdup(q);
    assert_non_null(s);
    for (char *p = s; *p; p++)
        if (*p == '\'')
            *p = '"';
    return s;
}

static char *show(const cJSON *j)
{
    char *s = j ? cJSON_PrintUnformatted(j) : NULL;
    return s ? s : strdup("(none)");
}

static cJSON *send_line(TableClient *c, const char *line)
{
    char err[512];
    cJSON *r = table_client_send_text(c, line, err, sizeof err);
    if (!r)
        fail_msg("%s (request: %.300s)", err, line);
    return r;
}

static cJSON *send_q(TableClient *c, const char *q)
{
    char *line = dq(q);
    cJSON *r = send_line(c, line);
    free(line);
    return r;
}

/* The answer to `state`, printed: equal texts are equal states. */
static char *state_text(TableClient *c)
{
    cJSON *r = send_line(c, "{\"op\":\"state\"}");
    char *s = show(r);
    cJSON_Delete(r);
    return s;
}

static void check_match(const char *request, const cJSON *answer, const char *expect_q)
{
    char why[2048];
    char *expect = dq(expect_q);
    cJSON *e = cJSON_Parse(expect);
    if (!e)
        fail_msg("bad expectation in the test: %s", expect);
    bool ok = json_subset_match(e, answer, why, sizeof why);
    cJSON_Delete(e);
    free(expect);
    if (!ok) {
        cJSON *brief = cJSON_Duplicate(answer, true); /* the options make it long */
        cJSON_DeleteItemFromObjectCaseSensitive(cJSON_GetObjectItemCaseSensitive(brief, "state"), "options");
        cJSON_DeleteItemFromObjectCaseSensitive(cJSON_GetObjectItemCaseSensitive(brief, "view"), "options");
        char *a = show(brief);
        cJSON_Delete(brief);
        fail_msg("request %.300s\n  %s\n  answer %.3000s", request, why, a);
    }
}

/* Sends q, which must succeed and match expect (a subset; NULL: anything). */
static cJSON *ok_q(TableClient *c, const char *q, const char *expect)
{
    cJSON *r = send_q(c, q);
    if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "ok"))) {
        char *a = show(r);
        fail_msg("request %.300s\n  expected ok:true, got %.1000s", q, a);
    }
    if (expect)
        check_match(q, r, expect);
    return r;
}

static void ok(TableClient *c, const char *q, const char *expect) { cJSON_Delete(ok_q(c, q, expect)); }

/* Whether s is UTF-8, as glibc's iconv reads it (an answer is JSON text:
 * RFC 8259 section 8.1). */
static bool valid_utf8(const char *s)
{
    iconv_t cd = iconv_open("UTF-8", "UTF-8");
    assert_true(cd != (iconv_t)-1);
    size_t left = strlen(s), room = left;
    char *in = (char *)s, *buf = malloc(room + 1), *out = buf;
    assert_non_null(buf);
    bool ok = iconv(cd, &in, &left, &out, &room) != (size_t)-1 && left == 0;
    iconv_close(cd);
    free(buf);
    return ok;
}

/* Sends a raw line that must fail with code (and message_part in the
 * message, unless NULL) and leave the state exactly as it was. */
static void error_line(TableClient *c, const char *line, const char *code, const char *message_part)
{
    char *before = state_text(c);
    cJSON *r = send_line(c, line);
    const cJSON *okv = cJSON_GetObjectItemCaseSensitive(r, "ok");
    const cJSON *err = cJSON_GetObjectItemCaseSensitive(r, "error");
    const cJSON *msg = cJSON_GetObjectItemCaseSensitive(r, "message");
    if (!cJSON_IsFalse(okv) || !cJSON_IsString(err) || strcmp(err->valuestring, code) != 0 ||
        !cJSON_IsString(msg) || !msg->valuestring[0] ||
        (message_part && !strstr(msg->valuestring, message_part))) {
        char *a = show(r);
        fail_msg("request %.300s\n  expected error %s (%s), got %.1000s", line, code,
                 message_part ? message_part : "", a);
    }
    assert_int_equal(cJSON_GetArraySize(r), 3); /* exactly ok, error, message */
    if (!valid_utf8(msg->valuestring))
        fail_msg("request %.300s\n  answered with a message that is not UTF-8", line);
    cJSON_Delete(r);
    char *after = state_text(c);
    if (strcmp(before, after) != 0)
        fail_msg("request %.300s changed the state:\n  before %.2000s\n  after  %.2000s", line, before,
                 after);
    free(before);
    free(after);
}

static void error_q(TableClient *c, const char *q, const char *code)
{
    char *line = dq(q);
    error_line(c, line, code, NULL);
    free(line);
}

/* Starts a game from a `new` request that may carry a "deal" (deal_expand). */
static cJSON *new_game(TableClient *c, const char *q, const char *expect)
{
    char *text = dq(q), err[512];
    cJSON *req = cJSON_Parse(text);
    if (!req)
        fail_msg("bad request in the test: %s", text);
    if (deal_expand(req, err, sizeof err) != 0)
        fail_msg("%s", err);
    char *line = show(req);
    cJSON_Delete(req);
    free(text);
    cJSON *r = send_line(c, line);
    if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "ok"))) {
        char *a = show(r);
        fail_msg("new %.500s\n  failed: %.500s", line, a);
    }
    if (expect)
        check_match(line, r, expect);
    free(line);
    return r;
}

static const cJSON *field(const cJSON *o, const char *path)
{
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    const cJSON *j = o;
    for (char *tok = strtok(buf, "."); tok && j; tok = strtok(NULL, "."))
        j = cJSON_GetObjectItemCaseSensitive(j, tok);
    return j;
}

/* In expectations: any value. */
#define ANY "{'$any':true}"

/* Three players; seat 0 is the oldest. */
#define THREE "'players':[{'name':'Ann','age':40},{'name':'Bob','age':30},{'name':'Cy','age':20}]"

/* -------------------------------------------------- lines that are not requests */

static const char *const garbage[] = {
    "not json", "{", "{\"op\":\"state\"", "[1,2]", "[]", "42", "\"state\"", "null", "true",
    "{}", "{\"op\":5}", "{\"op\":null}", "{\"op\":[\"state\"]}", "{\"op\":\"\"}",
    "{\"op\":\"State\"}", "{\"op\":\"fly\"}", "{\"op\":\"state\"} {\"op\":\"state\"}",
    "{\"op\":\"state\"} x", "{\"op\":\"state\",\"t\":-1}", "{\"op\":\"state\",\"t\":1.5}",
    "{\"op\":\"state\",\"t\":\"5\"}", "{\"op\":\"state\",\"t\":1e300}", "   ", "\t",
    "{\"op\":\"state\"}\x01", "\xff\xfe", "{\"op\":\"st\\u0000ate\"}",
    /* what cJSON alone lets through: control bytes taken as white space, a
     * string cut at \u0000, bytes that are not UTF-8 (text.h) */
    "\x01\x02{\"op\":\"state\"}", "{\"op\":\"state\\u0000xyz\"}",
    "{\"op\":\"play\",\"seat\":1,\"cards\":[\"R2\\u0000junk\"]}", "{\"op\":\"state\",\"pad\":\"\x01\"}",
    "{\"op\":\"state\",\"pad\":\"\xc3\"}", "{\"op\":\"state\",\"pad\":\"\xed\xa0\x80\"}",
    "{\"op\":\"state\",\"pad\":\"\xc0\xaf\"}", "{\"op\":\"fly\xff\"}",
};

static void garbage_lines(TableClient *c)
{
    for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++)
        error_line(c, garbage[i], "bad_request", NULL);
    error_line(c, "", "bad_request", "empty");
    error_line(c, "{\"op\":\"fly\"}", "bad_request", "unknown op");
    error_line(c, "[\"op\"]", "bad_request", "object");
    error_line(c, "{\"op\":\"state\",\"t\":-5}", "bad_request", "'t'");
    error_line(c, "{\"op\":\"state\\u0000\"}", "bad_request", "NUL");
    error_line(c, "{\"op\":\"state\",\"pad\":\"\xff\"}", "bad_request", "not UTF-8");
    /* a name twice in any object: cJSON would read the first, JavaScript and
     * Python the last (docs/protocol.md) */
    error_line(c, "{\"op\":\"state\",\"op\":\"draw\",\"seat\":1}", "bad_request", "'op' appears twice");
    error_line(c, "{\"op\":\"draw\",\"seat\":0,\"seat\":1}", "bad_request", "'seat' appears twice");
    error_line(c, "{\"op\":\"new\",\"rules\":\"mattel\",\"options\":{\"target\":200,\"target\":100},"
                  "\"players\":[{\"name\":\"a\"},{\"name\":\"b\"}]}", "bad_request", "'target' appears twice");
    error_line(c, "{\"op\":\"new\",\"rules\":\"mattel\",\"players\":[{\"name\":\"a\",\"name\":\"b\"},"
                  "{\"name\":\"c\"}]}", "bad_request", "'name' appears twice");
}

static void test_garbage_without_game(void **state)
{
    (void)state;
    TableClient *c = start();
    garbage_lines(c);
    static const char *const ops[] = {"play", "draw", "pass", "color", "take", "challenge",
                                      "uno", "catch", "suspect", "giveup", "join", "vote",
                                      "tick", "warn", "dispute", "spectate", "legal", "state",
                                      "view"};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        char line[128];
        snprintf(line, sizeof line, "{\"op\":\"%s\",\"seat\":0,\"t\":1}", ops[i]);
        error_line(c, line, "no_game", NULL);
    }
    stop(c);
}

static void test_garbage_with_game(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c, "{'op':'new','rules':'mattel'," THREE ",'seed':7}", NULL));
    garbage_lines(c);
    /* the message quotes 16 bytes of the card, which end inside the e-acute:
     * the answer leaves the broken character out */
    error_line(c, "{\"op\":\"play\",\"seat\":1,\"cards\":[\"aaaaaaaaaaaaaaa\xc3\xa9\"]}", "bad_request",
               "unknown card 'aaaaaaaaaaaaaaa'");
    /* UTF-8 itself is welcome: \u00e9, e-acute, the euro sign, a playing card */
    cJSON *r = send_line(c, "{\"op\":\"state\",\"pad\":\"\\u00e9\xc3\xa9\xe2\x82\xac\xf0\x9f\x83\x8f\"}");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "ok")));
    cJSON_Delete(r);
    stop(c);
}

/* A request object padded to exactly len bytes. */
static char *padded_state_request(size_t len)
{
    static const char head[] = "{\"op\":\"state\",\"pad\":\"";
    char *s = malloc(len + 1);
    assert_non_null(s);
    size_t h = sizeof head - 1;
    memcpy(s, head, h);
    memset(s + h, 'x', len - h - 2);
    memcpy(s + len - 2, "\"}", 3);
    return s;
}

static void test_long_lines(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c, "{'op':'new','rules':'mattel'," THREE ",'seed':7}", NULL));
    char *before = state_text(c);
    char *at_limit = padded_state_request(65536);
    cJSON_Delete(ok_q(c, at_limit, NULL)); /* 64 KiB exactly is still a request */
    free(at_limit);
    char *over = padded_state_request(65537);
    error_line(c, over, "bad_request", "too long");
    free(over);
    char *huge = padded_state_request(3 * 1024 * 1024);
    error_line(c, huge, "bad_request", "too long");
    free(huge);
    char *after = state_text(c);
    assert_string_equal(before, after);
    free(before);
    free(after);
    ok(c, "{'op':'legal','seat':1}", "{'ok':true}");
    stop(c);
}

/* ------------------------------------------------------------ mattel play */

/* mattel, hand_size 3, dealer 0: seat 1 plays first on R9 (MyUNO "Setup"). */
#define FLOW_DEAL                                                                                 \
    "{'op':'new','rules':'mattel','options':{'hand_size':3}," THREE ",'seed':1,'dealer':0,"       \
    "'deal':{'hands':[['R1','G5','Y7'],['R2','R3','B8'],['G1','B4','W+4']],"                    \
    "'then':['R9','Y1','R5','G6','B6','Y6','G7','B7','Y8','G8']}}"

static void test_mattel_flow(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c, FLOW_DEAL, "{'events':[{'type':'deal','seat':0},{'type':'turn','seat':1}]}"));
    ok(c, "{'op':'state'}",
       "{'state':{'rules':'mattel','turn':1,'direction':1,'top':'R9','color':'R','pending':0,"
       "'phase':'turn','dealer':0,'t':0,"
       "'hands':[['R1','G5','Y7'],['R2','R3','B8'],['G1','B4','W+4']],'stock':98,'discard':1,"
       "'ranking':[],'over':false,'uno':[],'warnings':[0,0,0],'spectators':[],'vote':null,"
       "'players':[{'name':'Ann','age':40},{'name':'Bob','age':30},{'name':'Cy','age':20}],"
       "'options':{'hand_size':3,'uno_penalty':2},'hash':{'$len':16}}}");
    ok(c, "{'op':'legal','seat':1}",
       "{'moves':{'$contains':[{'op':'play','seat':1,'cards':['R2']},"
       "{'op':'play','seat':1,'cards':['R3']},{'op':'draw','seat':1}]}}");
    ok(c, "{'op':'legal','seat':1}", "{'moves':{'$lacks':[{'op':'play','cards':['B8']},{'op':'pass'}]}}");
    ok(c, "{'op':'legal','seat':0}", "{'moves':{'$lacks':[{'op':'play'},{'op':'draw'}]}}");

    /* out of turn, against the rules, malformed: nothing changes */
    error_q(c, "{'op':'draw','seat':0}", "not_your_turn");
    error_q(c, "{'op':'draw','seat':2}", "not_your_turn");
    error_q(c, "{'op':'play','seat':1,'cards':['B8']}", "illegal");
    error_q(c, "{'op':'play','seat':1,'cards':['G5']}", "illegal"); /* not in the hand */
    error_q(c, "{'op':'play','seat':1,'cards':['R2','R3']}", "illegal"); /* no sets under mattel */
    error_q(c, "{'op':'pass','seat':1}", "illegal");
    error_q(c, "{'op':'take','seat':1}", "illegal");
    error_q(c, "{'op':'challenge','seat':1}", "illegal");
    error_q(c, "{'op':'color','seat':1,'color':'G'}", "illegal");
    error_q(c, "{'op':'play','seat':1,'cards':['R22']}", "bad_request");
    error_q(c, "{'op':'play','seat':1,'cards':['r2'],'color':'purple'}", "bad_request");
    error_q(c, "{'op':'play','seat':1,'cards':'R2'}", "bad_request");
    error_q(c, "{'op':'play','seat':1,'cards':[]}", "bad_request");
    error_q(c, "{'op':'play','seat':1,'cards':[2]}", "bad_request");
    error_q(c, "{'op':'play','seat':1}", "bad_request");
    error_q(c, "{'op':'play','cards':['R2']}", "bad_request");
    error_q(c, "{'op':'play','seat':'1','cards':['R2']}", "bad_request");
    error_q(c, "{'op':'play','seat':1.5,'cards':['R2']}", "bad_request");
    error_q(c, "{'op':'play','seat':3,'cards':['R2']}", "bad_request");
    error_q(c, "{'op':'play','seat':-1,'cards':['R2']}", "bad_request");
    error_q(c, "{'op':'play','seat':200,'cards':['R2']}", "bad_request");
    error_q(c, "{'op':'play','seat':1,'cards':['R2'],'uno':'yes'}", "bad_request");
    error_q(c, "{'op':'catch','seat':0,'target':3}", "bad_request");
    error_q(c, "{'op':'catch','seat':0}", "bad_request");
    error_q(c, "{'op':'legal','seat':3}", "bad_request");
    error_q(c, "{'op':'legal'}", "bad_request");
    error_q(c, "{'op':'view','seat':-1}", "bad_request");

    /* cards are read in any case (docs/protocol.md "The protocol in brief") */
    ok(c, "{'op':'play','seat':1,'cards':['r2']}",
       "{'events':[{'type':'play','seat':1,'cards':['R2'],'color':'R'},{'type':'turn','seat':2}]}");
    /* reading 14: a drawn card that cannot be played ends the turn at once */
    ok(c, "{'op':'draw','seat':2}",
       "{'events':[{'type':'draw','seat':2,'count':1,'cards':['Y1']},{'type':'turn','seat':0}]}");
    /* a playable drawn card may be played or kept; no other card (MyUNO "Game Play") */
    cJSON *r = ok_q(c, "{'op':'draw','seat':0}", "{'events':[{'type':'draw','seat':0,'count':1,'cards':['R5']}]}");
    check_match("draw", r, "{'events':{'$none':[{'type':'turn'}]}}");
    cJSON_Delete(r);
    ok(c, "{'op':'state'}", "{'state':{'phase':'drawn','turn':0}}");
    /* the others learn that the card can be played (the turn did not pass:
     * docs/protocol.md "view"), never which card it is */
    r = ok_q(c, "{'op':'view','seat':1}", "{'view':{'phase':'drawn','turn':0,'hands':[null,{'$len':2},null]}}");
    char *text = show(r);
    if (strstr(text, "R5"))
        fail_msg("seat 1's view shows seat 0's drawn card: %s", text);
    free(text);
    cJSON_Delete(r);
    error_q(c, "{'op':'play','seat':0,'cards':['R1']}", "illegal");
    error_q(c, "{'op':'draw','seat':0}", "illegal");
    ok(c, "{'op':'pass','seat':0}", "{'events':[{'type':'turn','seat':1}]}");
    /* Bob plays his next-to-last card without saying UNO and is caught before
     * Cy begins her turn: two cards (MyUNO "UNO") */
    ok(c, "{'op':'play','seat':1,'cards':['R3']}", "{'events':[{'type':'play','seat':1,'cards':['R3']}]}");
    error_q(c, "{'op':'catch','seat':0,'target':2}", "illegal"); /* Cy holds 4 cards */
    ok(c, "{'op':'catch','seat':0,'target':1}",
       "{'events':[{'type':'catch','seat':0,'target':1},"
       "{'type':'draw','seat':1,'count':2,'reason':'uno','cards':{'$len':2}}]}");
    error_q(c, "{'op':'catch','seat':2,'target':1}", "illegal"); /* caught once is enough */
    ok(c, "{'op':'state'}", "{'state':{'turn':2,'hands':[{'$len':4},{'$len':3},{'$len':4}]}}");
    stop(c);
}

/* Cy holds no red card: her Wild Draw 4 on R3 is legal (MyUNO "Wild Draw 4"). */
#define WD4_DEAL                                                                                  \
    "{'op':'new','rules':'mattel','options':{'hand_size':3}," THREE ",'seed':1,'dealer':0,"       \
    "'deal':{'hands':[['R1','G5','Y7'],['R2','G3','B8'],['G1','B4','W+4']],"                    \
    "'then':['R9','Y1','R5','G6','B6','Y6','G7','B7','Y8','G8']}}"

static void wd4_start(TableClient *c)
{
    cJSON_Delete(new_game(c, WD4_DEAL, NULL));
    ok(c, "{'op':'play','seat':1,'cards':['R2']}", NULL);
    error_q(c, "{'op':'play','seat':2,'cards':['W+4']}", "bad_request"); /* no colour named */
    error_q(c, "{'op':'play','seat':2,'cards':['W+4'],'color':'X'}", "bad_request");
    ok(c, "{'op':'play','seat':2,'cards':['W+4'],'color':'g'}",
       "{'events':[{'type':'play','seat':2,'cards':['W+4'],'color':'G'}]}");
    ok(c, "{'op':'state'}", "{'state':{'turn':0,'phase':'pending','pending':4,'color':'G','top':'W+4'}}");
    error_q(c, "{'op':'draw','seat':0}", "illegal");
    error_q(c, "{'op':'play','seat':0,'cards':['G5']}", "illegal");
    error_q(c, "{'op':'take','seat':1}", "not_your_turn");
}

static void test_wd4_take(void **state)
{
    (void)state;
    TableClient *c = start();
    wd4_start(c);
    ok(c, "{'op':'take','seat':0}",
       "{'events':[{'type':'draw','seat':0,'count':4,'reason':'wild4'},{'type':'turn','seat':1}]}");
    ok(c, "{'op':'state'}", "{'state':{'turn':1,'phase':'turn','pending':0,'hands':[{'$len':7}," ANY "," ANY "]}}");
    error_q(c, "{'op':'challenge','seat':0}", "not_your_turn");
    stop(c);
}

static void test_wd4_challenge(void **state)
{
    (void)state;
    TableClient *c = start();
    wd4_start(c);
    /* innocent: the challenger draws 6 and loses the turn (docs/rules.md reading 9) */
    ok(c, "{'op':'challenge','seat':0}",
       "{'events':[{'type':'challenge','seat':0,'target':2,'result':'innocent'},"
       "{'type':'draw','seat':0,'count':6},{'type':'turn','seat':1}]}");
    ok(c, "{'op':'state'}", "{'state':{'turn':1,'hands':[{'$len':9}," ANY ",{'$len':2}]}}");
    stop(c);
}

static void test_first_wild_color(void **state)
{
    (void)state;
    TableClient *c = start();
    /* MyUNO "Wild Card": turned up first, the player left of the dealer names the colour */
    cJSON_Delete(new_game(c,
                          "{'op':'new','rules':'mattel','options':{'hand_size':2}," THREE ",'seed':1,"
                          "'dealer':0,'deal':{'hands':[['R1','G5'],['R2','B8'],['G1','B4']],"
                          "'then':['W','Y1','R5','G6']}}",
                          NULL));
    ok(c, "{'op':'state'}", "{'state':{'phase':'color','turn':1,'top':'W','color':null}}");
    ok(c, "{'op':'legal','seat':1}",
       "{'moves':{'$unordered':[{'op':'color','seat':1,'color':'R'},{'op':'color','seat':1,'color':'G'},"
       "{'op':'color','seat':1,'color':'B'},{'op':'color','seat':1,'color':'Y'}]}}");
    error_q(c, "{'op':'color','seat':0,'color':'G'}", "not_your_turn");
    error_q(c, "{'op':'color','seat':1}", "bad_request");
    error_q(c, "{'op':'color','seat':1,'color':'W'}", "bad_request");
    error_q(c, "{'op':'color','seat':1,'color':7}", "bad_request");
    error_q(c, "{'op':'play','seat':1,'cards':['R2']}", "illegal");
    ok(c, "{'op':'color','seat':1,'color':'b'}", "{'events':[{'type':'color','seat':1,'color':'B'}]}");
    ok(c, "{'op':'state'}", "{'state':{'phase':'turn','turn':1,'color':'B'}}");
    ok(c, "{'op':'play','seat':1,'cards':['B8'],'uno':true}",
       "{'events':[{'type':'play','seat':1,'cards':['B8']}]}");
    ok(c, "{'op':'state'}", "{'state':{'uno':[1],'hands':[" ANY ",['R2']," ANY "]}}");
    stop(c);
}

static void test_game_over(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c,
                          "{'op':'new','rules':'mattel','options':{'hand_size':1}," THREE ",'seed':1,"
                          "'dealer':0,'deal':{'hands':[['R1'],['R2'],['G+2']],'then':['R9','Y1']}}",
                          NULL));
    /* MyUNO "Going Out" / "Scoring": Bob goes out and scores 1 + 20 */
    ok(c, "{'op':'play','seat':1,'cards':['R2']}",
       "{'events':[{'type':'play','seat':1},{'type':'finish','seat':1,'rank':1},"
       "{'type':'over','reason':'out'}]}");
    cJSON *st = ok_q(c, "{'op':'state'}",
                     "{'state':{'over':true,'phase':'over','turn':null,"
                     "'scores':[{'$any':true},21,{'$any':true}]}}");
    check_match("state", cJSON_GetArrayItem(field(st, "state.ranking"), 0), "[1]");
    cJSON_Delete(st);
    error_q(c, "{'op':'draw','seat':2}", "over");
    error_q(c, "{'op':'play','seat':2,'cards':['G+2']}", "over");
    error_q(c, "{'op':'uno','seat':0}", "over");
    ok(c, "{'op':'legal','seat':2}", "{'moves':[]}");
    /* a new game replaces the ended one */
    cJSON_Delete(new_game(c, "{'op':'new','rules':'classic'," THREE ",'seed':3}", NULL));
    ok(c, "{'op':'state'}", "{'state':{'rules':'classic','over':false}}");
    stop(c);
}

/* ------------------------------------------------------------------- new */

static void test_new_errors(void **state)
{
    (void)state;
    TableClient *c = start();
    /* each failed `new` leaves no game ... */
    error_q(c, "{'op':'new','rules':'mattel'}", "bad_request");
    error_q(c, "{'op':'new'," THREE "}", "bad_request");
    cJSON_Delete(new_game(c, "{'op':'new','rules':'kpgut'," THREE ",'seed':5}", NULL));
    /* ... or the previous game untouched (error_q compares the states) */
    static const char *const bad[] = {
        "{'op':'new','rules':'no-such-rules'," THREE "}",
        "{'op':'new','rules':5," THREE "}",
        "{'op':'new','rules':'mattel','players':[]}",
        "{'op':'new','rules':'mattel','players':[{'name':'Solo'}]}",
        "{'op':'new','rules':'mattel','players':'Ann,Bob'}",
        "{'op':'new','rules':'mattel','players':[{'name':'Ann'},{'age':3}]}",
        "{'op':'new','rules':'mattel','players':[{'name':'Ann'},{'name':''}]}",
        "{'op':'new','rules':'mattel','players':[{'name':'Ann'},{'name':'Bob','age':-1}]}",
        "{'op':'new','rules':'mattel','players':[{'name':'Ann'},{'name':'Bob','age':'old'}]}",
        "{'op':'new','rules':'mattel','players':[{'name':'Ann'},{'name':'Bobbbbbbbbbbbbbbbbbbbbbbbbbbbbb'}]}",
        "{'op':'new','rules':'mattel','players':[{'name':'Ann'},'Bob']}",
        "{'op':'new','rules':'mattel','options':{'no_such_option':1}," THREE "}",
        "{'op':'new','rules':'mattel','options':{'hand_size':'many'}," THREE "}",
        "{'op':'new','rules':'mattel','options':{'hand_size':2.5}," THREE "}",
        "{'op':'new','rules':'mattel','options':{'hand_size':[7]}," THREE "}",
        "{'op':'new','rules':'mattel','options':{'play_sets':'perhaps'}," THREE "}",
        "{'op':'new','rules':'mattel','options':[1]," THREE "}",
        "{'op':'new','rules':'mattel','options':{'partners':true}," THREE "}",
        /* option types are strict (docs/protocol.md): no 1 for true, no "250" for 250 */
        "{'op':'new','rules':'mattel','options':{'stack_draw2':1}," THREE "}",
        "{'op':'new','rules':'mattel','options':{'stack_draw2':'true'}," THREE "}",
        "{'op':'new','rules':'mattel','options':{'target':'250'}," THREE "}",
        "{'op':'new','rules':'mattel','options':{'target':true}," THREE "}",
        "{'op':'new','rules':'mattel','options':{'dealer':1}," THREE "}",
        "{'op':'new','rules':'mattel','options':{'lost_cards':52}," THREE "}",
        "{'op':'new','rules':'mattel'," THREE ",'seed':-1}",
        "{'op':'new','rules':'mattel'," THREE ",'seed':1.5}",
        "{'op':'new','rules':'mattel'," THREE ",'seed':'12a'}",
        "{'op':'new','rules':'mattel'," THREE ",'seed':''}",
        "{'op':'new','rules':'mattel'," THREE ",'seed':'18446744073709551616'}",
        "{'op':'new','rules':'mattel'," THREE ",'seed':true}",
        "{'op':'new','rules':'mattel'," THREE ",'dealer':3}",
        "{'op':'new','rules':'mattel'," THREE ",'dealer':'0'}",
        "{'op':'new','rules':'mattel'," THREE ",'deck':['R1','Q7']}",
        "{'op':'new','rules':'mattel'," THREE ",'deck':'R1'}",
        "{'op':'new','rules':'mattel'," THREE ",'deck':['X']}",
        "{'op':'new','rules':'mattel'," THREE ",'deck':['R0','R0']}",
        "{'op':'new','rules':'mattel'," THREE ",'t':-3}",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        error_q(c, bad[i], "bad_request");
    error_line(c, "{\"op\":\"new\",\"rules\":\"mattel\",\"options\":{\"nope\":1},\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}]}",
               "bad_request", "nope");
    /* a 64-bit seed as a string, the largest one included; a missing age is 0 */
    cJSON_Delete(new_game(c, "{'op':'new','rules':'mattel','players':[{'name':'Ann'},{'name':'Bob'}],"
                             "'seed':'18446744073709551615'}", NULL));
    ok(c, "{'op':'state'}", "{'state':{'players':[{'name':'Ann','age':0},{'name':'Bob','age':0}]}}");
    /* the same seed as a number and as a string deals the same game */
    cJSON_Delete(new_game(c, "{'op':'new','rules':'mattel'," THREE ",'seed':123456789}", NULL));
    char *a = state_text(c);
    cJSON_Delete(new_game(c, "{'op':'new','rules':'mattel'," THREE ",'seed':'123456789'}", NULL));
    char *b = state_text(c);
    assert_string_equal(a, b);
    free(a);
    free(b);
    /* "t" starts the clock, which then never goes backwards */
    cJSON_Delete(new_game(c, "{'op':'new','rules':'kpgut'," THREE ",'seed':5,'t':1000}", NULL));
    ok(c, "{'op':'state','t':1000}", "{'state':{'t':1000}}");
    error_q(c, "{'op':'state','t':999}", "bad_request");
    error_q(c, "{'op':'legal','seat':0,'t':0}", "bad_request");
    stop(c);
}

/* ------------------------------------------------------------------ kpgut */

/* kpgut, hand_size 3: Ann (oldest, seat 0) deals; Cy (youngest, seat 2)
 * plays the first card ('Starting the Game'). */
#define KPGUT_DEAL(size, h0, h1, h2, then)                                                        \
    "{'op':'new','rules':'kpgut','options':{'hand_size':" size "}," THREE ",'seed':2,"          \
    "'deal':{'hands':[" h0 "," h1 "," h2 "],'then':" then "}}"

static void test_kpgut_spectators_and_views(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c,
                          KPGUT_DEAL("3", "['R1','G5','Y7']", "['R2','R3','B8']", "['G1','B4','Y4']",
                                     "['R9','Y1','R5','G6','B6']"),
                          "{'events':[{'type':'deal','seat':0},{'type':'turn','seat':2}]}"));
    ok(c, "{'op':'state'}", "{'state':{'phase':'turn','turn':2,'top':null,'color':null,'discard':0}}");
    ok(c, "{'op':'view','seat':1}",
       "{'view':{'hands':[null,['R2','R3','B8'],null],'counts':[3,3,3],'turn':2,"
       "'hash':{'$absent':true}}}");
    error_q(c, "{'op':'view'}", "bad_request");
    error_q(c, "{'op':'view','seat':3}", "bad_request");
    error_q(c, "{'op':'view','spectator':0}", "bad_request"); /* nobody watches yet */
    /* §3.2: a spectator comes, and sees every hand */
    error_q(c, "{'op':'spectate'}", "bad_request");
    error_q(c, "{'op':'spectate','name':7}", "bad_request");
    error_q(c, "{'op':'spectate','name':'Eve','age':'fifty'}", "bad_request");
    ok(c, "{'op':'spectate','name':'Eve','age':50}", "{'events':[{'type':'spectate'}]}");
    ok(c, "{'op':'state'}", "{'state':{'spectators':[{'name':'Eve','age':50}]}}");
    ok(c, "{'op':'view','spectator':0}",
       "{'view':{'hands':[['R1','G5','Y7'],['R2','R3','B8'],['G1','B4','Y4']],'counts':[3,3,3]}}");
    error_q(c, "{'op':'view','spectator':1}", "bad_request");
    error_q(c, "{'op':'view','spectator':'Eve'}", "bad_request");
    stop(c);
}

/* "as": a request's events as a seat, a spectator or the referee sees them
 * (uno_event_visible): drawn cards are the drawer's, and the spectators'
 * when spectators_see_hands; played cards are everybody's. An online host
 * may hide the hands from spectators. */
static void test_events_as_a_viewer(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c, FLOW_DEAL, NULL));
    ok(c, "{'op':'play','seat':1,'cards':['R2'],'as':0}", "{'events':[{'type':'play','cards':['R2']}]}");
    ok(c, "{'op':'draw','seat':2,'as':0}", "{'events':[{'type':'draw','seat':2,'count':1,'cards':{'$absent':true}}]}");
    ok(c, "{'op':'draw','seat':0,'as':0}", "{'events':[{'type':'draw','seat':0,'count':1,'cards':['R5']}]}");
    ok(c, "{'op':'pass','seat':0,'as':'spectator'}", NULL);
    ok(c, "{'op':'draw','seat':1,'as':'spectator'}", "{'events':[{'type':'draw','seat':1,'cards':['G6']}]}");
    ok(c, "{'op':'state','as':'referee'}", NULL);
    error_q(c, "{'op':'state','as':'Eve'}", "bad_request");
    error_q(c, "{'op':'state','as':30}", "bad_request");
    error_q(c, "{'op':'state','as':-1}", "bad_request");
    /* the public history: every play and draw, the cards of one's own draws */
    ok(c, "{'op':'view','seat':0,'history':true}",
       "{'view':{'history':{'$contains':[{'type':'play','seat':1,'cards':['R2']},"
       "{'type':'draw','seat':2,'count':1,'cards':{'$absent':true}},{'type':'draw','seat':0,'cards':['R5']}]}}}");
    ok(c, "{'op':'view','seat':2,'history':true}",
       "{'view':{'history':{'$contains':[{'type':'draw','seat':2,'cards':['Y1']},"
       "{'type':'draw','seat':0,'count':1,'cards':{'$absent':true}}]}}}");
    ok(c, "{'op':'view','seat':0}", "{'view':{'history':{'$absent':true}}}");
    error_q(c, "{'op':'view','seat':0,'history':1}", "bad_request");
    stop(c);

    c = start();
    cJSON_Delete(new_game(c,
                          "{'op':'new','rules':'kpgut','options':{'spectators_see_hands':false}," THREE ",'seed':5}",
                          NULL));
    ok(c, "{'op':'spectate','name':'Eve','age':50}", NULL);
    ok(c, "{'op':'view','spectator':0}", "{'view':{'hands':[null,null,null],'counts':[7,7,7]}}");
    ok(c, "{'op':'state'}", "{'state':{'hands':[{'$len':7},{'$len':7},{'$len':7}]}}");
    stop(c);
}

/* Sends q, which must fail with code and a message holding message_part. */
static void error_says(TableClient *c, const char *q, const char *code, const char *message_part)
{
    char *line = dq(q);
    error_line(c, line, code, message_part);
    free(line);
}

/* §13 and §3.2: a game is dealt with room for its own players only and grows
 * with each newcomer, up to 30 seats, and each spectator, up to 8. */
static void test_kpgut_room_for_joiners_and_spectators(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c, "{'op':'new','rules':'kpgut','options':{'hand_size':3,'join_cards':1}," THREE
                             ",'seed':5}",
                          NULL));
    char q[160], expect[80];
    for (int seat = 3; seat < 30; seat++) {
        snprintf(q, sizeof q, "{'op':'join','name':'P%d','age':%d,'seat':%d}", seat, 20 + seat, seat);
        snprintf(expect, sizeof expect, "{'events':[{'type':'join','seat':%d}]}", seat);
        ok(c, q, expect);
    }
    error_says(c, "{'op':'join','name':'Late','age':30,'seat':0}", "illegal", "full");
    for (int i = 0; i < 8; i++) {
        snprintf(q, sizeof q, "{'op':'spectate','name':'S%d','age':%d}", i, 30 + i);
        ok(c, q, "{'events':[{'type':'spectate'}]}");
    }
    error_says(c, "{'op':'spectate','name':'S8','age':40}", "illegal", "spectators");
    /* the last of them watches, and sees the last newcomer's card */
    cJSON *view = ok_q(c, "{'op':'view','spectator':7}", NULL);
    const cJSON *counts = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItem(view, "view"), "counts");
    assert_int_equal(cJSON_GetArraySize(counts), 30);
    assert_int_equal(cJSON_GetArrayItem(counts, 29)->valueint, 1);
    cJSON_Delete(view);
    cJSON *st = ok_q(c, "{'op':'state'}", NULL);
    const cJSON *players = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItem(st, "state"), "players");
    const cJSON *watchers = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItem(st, "state"), "spectators");
    assert_int_equal(cJSON_GetArraySize(players), 30);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(players, 2), "name")->valuestring, "Cy");
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(players, 29), "name")->valuestring, "P29");
    assert_int_equal(cJSON_GetArraySize(watchers), 8);
    assert_string_equal(cJSON_GetObjectItem(cJSON_GetArrayItem(watchers, 7), "name")->valuestring, "S7");
    cJSON_Delete(st);
    stop(c);
}

static void test_kpgut_uno_and_clock(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c,
                          KPGUT_DEAL("3", "['R1','G5','Y7']", "['R2','R3','B8']", "['G1','B4','Y4']",
                                     "['R9','Y1','R5','G6','B6']"),
                          NULL));
    /* the opening play, with a clock */
    ok(c, "{'op':'play','seat':2,'cards':['Y4'],'t':1000}",
       "{'events':[{'type':'play','seat':2,'cards':['Y4'],'color':'Y'},{'type':'turn','seat':0}]}");
    ok(c, "{'op':'state'}", "{'state':{'t':1000}}");
    error_q(c, "{'op':'play','seat':0,'cards':['Y7'],'t':999}", "bad_request");
    error_q(c, "{'op':'tick'}", "bad_request");
    error_q(c, "{'op':'tick','t':'2000'}", "bad_request");
    ok(c, "{'op':'play','seat':0,'cards':['Y7'],'t':2000}", "{'events':[{'type':'turn','seat':1}]}");
    /* Bob has no yellow and no 7: he draws until playable (docs/rules.md reading 3) */
    ok(c, "{'op':'draw','seat':1,'t':3000}", "{'events':[{'type':'draw','seat':1}]}");
    /* without "t" the clock stands still */
    ok(c, "{'op':'state'}", "{'state':{'t':3000}}");
    ok(c, "{'op':'tick','t':3500}", "{'ok':true}");
    ok(c, "{'op':'state'}", "{'state':{'t':3500}}");
    stop(c);
}

static void test_kpgut_uno_grace(void **state)
{
    (void)state;
    TableClient *c = start();
    /* Cy opens from two cards: one left. §1: UNO within 3 s */
    cJSON_Delete(new_game(c,
                          KPGUT_DEAL("2", "['R1','G5']", "['R2','B8']", "['G1','B4']",
                                     "['R9','Y1','R5','G6','B6']"),
                          NULL));
    ok(c, "{'op':'play','seat':2,'cards':['B4'],'t':0}", "{'events':[{'type':'play','seat':2}]}");
    error_q(c, "{'op':'uno','seat':0,'t':100}", "illegal"); /* Ann holds two */
    error_q(c, "{'op':'uno','seat':3}", "bad_request");
    ok(c, "{'op':'uno','seat':2,'t':2000}", "{'events':[{'type':'uno','seat':2}]}");
    ok(c, "{'op':'state'}", "{'state':{'uno':[2]}}");
    error_q(c, "{'op':'catch','seat':0,'target':2,'t':5000}", "illegal");
    stop(c);

    /* no UNO: caught once the 3 s have passed, before the next cards are played */
    c = start();
    cJSON_Delete(new_game(c,
                          KPGUT_DEAL("2", "['R1','G5']", "['R2','B8']", "['G1','B4']",
                                     "['R9','Y1','R5','G6','B6']"),
                          NULL));
    ok(c, "{'op':'play','seat':2,'cards':['B4'],'t':0}", NULL);
    /* `legal` lists what would succeed at its "t" ("could make now"), and
     * moves nothing: inside the grace no catch, after it the catch at that t */
    ok(c, "{'op':'legal','seat':1,'t':1000}", "{'moves':{'$lacks':[{'op':'catch'}]}}");
    ok(c, "{'op':'legal','seat':1,'t':4000}", "{'moves':{'$contains':[{'op':'catch','seat':1,'target':2,'t':4000}]}}");
    ok(c, "{'op':'state'}", "{'state':{'t':0}}");
    ok(c, "{'op':'tick','t':3500}", NULL);
    ok(c, "{'op':'catch','seat':1,'target':2,'t':3600}",
       "{'events':[{'type':'catch','seat':1,'target':2},{'type':'draw','seat':2,'count':2,'reason':'uno'}]}");
    ok(c, "{'op':'state'}", "{'state':{'hands':[{'$len':2},{'$len':2},{'$len':3}],'uno':[]}}");
    stop(c);
}

static void test_kpgut_suspect(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c,
                          KPGUT_DEAL("3", "['R1','G5','Y7']", "['R2','R3','B8']", "['G1','B4','Y4']",
                                     "['R9','Y1','R5','G6','B6','G2','G3','G4']"),
                          NULL));
    ok(c, "{'op':'play','seat':2,'cards':['Y4']}", NULL);
    ok(c, "{'op':'play','seat':0,'cards':['Y7']}", NULL);
    /* Bob holds no yellow and no 7: he draws until a playable card comes
     * (R9, then Y1; docs/rules.md reading 3) */
    ok(c, "{'op':'draw','seat':1}", "{'events':[{'type':'draw','seat':1}]}");
    ok(c, "{'op':'state'}", "{'state':{'hands':[" ANY ",['R2','R3','R9','B8','Y1']," ANY "]}}");
    error_q(c, "{'op':'suspect','seat':1,'target':1}", "illegal");
    error_q(c, "{'op':'suspect','seat':0}", "bad_request");
    error_q(c, "{'op':'suspect','seat':0,'target':5}", "bad_request");
    /* §14: he held no playable card, so Ann's suspicion is wrong: she draws 4 */
    ok(c, "{'op':'suspect','seat':0,'target':1}",
       "{'events':[{'type':'suspect','seat':0,'target':1,'result':'wrong'},"
       "{'type':'draw','seat':0,'count':4,'reason':'suspect'}]}");
    stop(c);
}

static void test_kpgut_people(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c,
                          KPGUT_DEAL("3", "['R1','G5','Y7']", "['R2','R3','B8']", "['G1','B4','Y4']",
                                     "['R9','Y1','R5','G6','B6','G2','G3','G4','G7','B1','B2','B3',"
                                     "'B5','Y2','Y3','Y5','Y6','Y8','Y9','R4','R6','R7','R8']"),
                          NULL));
    /* §13: a newcomer draws 9 cards and sits where they like */
    error_q(c, "{'op':'join','name':'Dee','age':10}", "bad_request");
    error_q(c, "{'op':'join','name':'Dee','age':10,'seat':4}", "bad_request");
    error_q(c, "{'op':'join','seat':1,'age':10}", "bad_request");
    ok(c, "{'op':'join','name':'Dee','age':10,'seat':1}",
       "{'events':[{'type':'join','seat':1},{'type':'draw','seat':1,'count':9,'reason':'join'}]}");
    ok(c, "{'op':'state'}",
       "{'state':{'players':[{'name':'Ann'},{'name':'Dee','age':10},{'name':'Bob'},{'name':'Cy'}],"
       "'hands':[{'$len':3},{'$len':9},{'$len':3},{'$len':3}],'warnings':[0,0,0,0]}}");
    /* Dee is now the youngest; the opening play was still Cy's, now seat 3 */
    ok(c, "{'op':'state'}", "{'state':{'turn':3}}");

    /* §15: the oldest (Ann) warns; a second warning ejects */
    error_q(c, "{'op':'warn','seat':2,'target':3}", "illegal");
    error_q(c, "{'op':'warn','seat':0,'target':9}", "bad_request");
    ok(c, "{'op':'warn','seat':0,'target':2}", "{'events':[{'type':'warn','seat':0,'target':2}]}");
    ok(c, "{'op':'state'}", "{'state':{'warnings':[0,0,1,0]}}");
    ok(c, "{'op':'warn','seat':0,'target':2}", "{'events':[{'type':'warn'},{'type':'eject','target':2}]}");

    /* §11: a dispute is a yes/no vote; a tie goes the oldest's way */
    error_q(c, "{'op':'vote','seat':0,'yes':true}", "illegal"); /* no vote open */
    ok(c, "{'op':'dispute','seat':1}", NULL);
    ok(c, "{'op':'state'}", "{'state':{'vote':{'opener':1}}}");
    error_q(c, "{'op':'dispute','seat':0}", "illegal"); /* one at a time */
    error_q(c, "{'op':'vote','seat':0}", "bad_request");
    error_q(c, "{'op':'vote','seat':0,'yes':'no'}", "bad_request");
    error_q(c, "{'op':'vote','seat':0,'yes':0}", "bad_request");
    ok(c, "{'op':'vote','seat':0,'yes':false}", "{'events':[{'type':'vote','seat':0,'yes':false}]}");
    error_q(c, "{'op':'vote','seat':0,'yes':true}", "illegal"); /* voted already */
    ok(c, "{'op':'vote','seat':1,'yes':true}", NULL);
    ok(c, "{'op':'vote','seat':3,'yes':true}",
       "{'events':[{'type':'vote','seat':3,'yes':true},{'type':'decided','yes':true}]}");
    ok(c, "{'op':'state'}", "{'state':{'vote':null}}");

    /* §9: giving up shows the hand to all; that player lost to all others */
    error_q(c, "{'op':'giveup'}", "bad_request");
    ok(c, "{'op':'giveup','seat':1}", "{'events':[{'type':'giveup','seat':1}]}");
    error_q(c, "{'op':'giveup','seat':1}", "illegal");
    stop(c);
}

/* Names people can read (docs/protocol.md "Names"): in `new` and `join`,
 * no control character, no bidirectional mark or override, not only
 * spaces, at most 23 characters and 23 bytes; refused with the field's
 * name, and the game unchanged. */
static void test_names_people_can_read(void **state)
{
    (void)state;
    static const struct {
        const char *name; /* JSON string contents */
        const char *why;
    } bad[] = {
        {"bell\\u0007", "control"},       {"del\\u007f", "control"},       {"c1\\u0085", "control"},
        {"tab\\there", "control"},         {"evil\\u202egnp.exe", "bidirectional"},
        {"\\u2066iso\\u2069", "bidirectional"}, {"mark\\u200f", "bidirectional"}, {"al\\u061cm", "bidirectional"},
        {"   ", "only spaces"},           {"\\u00a0\\u3000\\u200b", "only spaces"},
        {"abcdefghijklmnopqrstuvwx", "at most 23 characters"},       /* 24 characters */
        {"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9",
         "23 bytes"},                                                 /* 12 characters, 24 bytes */
    };
    TableClient *c = start();
    char line[512];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(line, sizeof line,
                 "{\"op\":\"new\",\"rules\":\"mattel\",\"players\":[{\"name\":\"%s\"},{\"name\":\"b\"}]}", bad[i].name);
        error_line(c, line, "bad_request", bad[i].why);
    }
    cJSON_Delete(new_game(c,
                          "{'op':'new','rules':'kpgut','seed':3,'players':[{'name':'Jos\\u00e9','age':40},"
                          "{'name':'abcdefghijklmnopqrstuvw','age':30},{'name':'\\u674e\\u5c0f\\u9f8d','age':20}]}",
                          "{'ok':true}"));
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(line, sizeof line, "{\"op\":\"join\",\"name\":\"%s\",\"age\":10,\"seat\":1}", bad[i].name);
        error_line(c, line, "bad_request", bad[i].why);
    }
    ok(c, "{'op':'join','name':'Dee Dee','age':10,'seat':1}", "{'events':[{'type':'join','seat':1},"
                                                              "{'type':'draw','seat':1,'count':9}]}");
    ok(c, "{'op':'state'}", "{'state':{'players':[{'name':'Jos\\u00e9'},{'name':'Dee Dee'},"
                            "{'name':'abcdefghijklmnopqrstuvw'},{'name':'\\u674e\\u5c0f\\u9f8d'}]}}");
    stop(c);
}

static void test_kpgut_time_limit(void **state)
{
    (void)state;
    TableClient *c = start();
    cJSON_Delete(new_game(c, "{'op':'new','rules':'kpgut'," THREE ",'seed':9}", NULL));
    /* session scoring: a game lasts at most one hour; the players left are
     * ranked as in §6 and score 65, 70, 75 (docs/rules.md "Session scoring") */
    ok(c, "{'op':'tick','t':3599999}", "{'events':{'$none':[{'type':'over'}]}}");
    ok(c, "{'op':'tick','t':3600000}", "{'events':[{'type':'over','reason':'time'}]}");
    ok(c, "{'op':'state'}", "{'state':{'over':true,'scores':{'$unordered':[65,70,75]}}}");
    error_q(c, "{'op':'play','seat':0,'cards':['W'],'color':'R'}", "over");
    stop(c);
}

/* ------------------------------------------------------- bounded work */

/* The number of events of `type` in an answer. */
static int count_events(const cJSON *answer, const char *type)
{
    int n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(answer, "events")) {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(e, "type");
        n += cJSON_IsString(t) && strcmp(t->valuestring, type) == 0;
    }
    return n;
}

/* Time as far as a request can name it (2^53 ms, docs/protocol.md) with a
 * one-second away timer under each rule set, and with away_draw 0: the
 * timers of one request fire at most once per card that can be drawn and
 * once per player more (clock.c), the answer stays small, and a table that
 * everyone has left ends (docs/rules.md reading 8) instead of passing the turn
 * around for ever. The work is counted by the timer events in the answer. */
static void test_far_clock_is_bounded(void **state)
{
    (void)state;
    static const char *games[] = {
        "{'op':'new','rules':'mattel'," THREE ",'seed':3,'options':{'away_ms':1000}}",
        "{'op':'new','rules':'classic'," THREE ",'seed':3,'options':{'away_ms':1}}",
        "{'op':'new','rules':'kpgut'," THREE ",'seed':3,'options':{'away_ms':1000,'scoring':'none'}}",
        "{'op':'new','rules':'mattel'," THREE ",'seed':3,'options':{'away_ms':1000,'away_draw':0}}",
    };
    enum { DECK = 112, PLAYERS = 3, MAX_ANSWER = 64 * 1024 };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        TableClient *c = start();
        cJSON_Delete(new_game(c, games[i], NULL));
        cJSON *legal = ok_q(c, "{'op':'legal','seat':0,'t':9007199254740992}", "{'moves':[]}");
        cJSON_Delete(legal);
        cJSON *r = ok_q(c, "{'op':'tick','t':9007199254740992}", NULL);
        char *text = show(r);
        int fired = count_events(r, "timeout");
        if (strlen(text) > MAX_ANSWER || fired > DECK + PLAYERS + 1 || count_events(r, "over") != 1)
            fail_msg("%s: %d timers fired, %zu bytes: %.500s", games[i], fired, strlen(text), text);
        free(text);
        cJSON_Delete(r);
        ok(c, "{'op':'state'}", "{'state':{'over':true,'t':9007199254740992}}");
        stop(c);
    }
}

/* ------------------------------------------------- legal moves all succeed */

static uint64_t next_random(uint64_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

/* Plays random legal moves; each must succeed (docs/protocol.md: `legal`
 * lists requests that would succeed). */
static void random_game(const char *rules, int players, uint64_t seed)
{
    TableClient *c = start();
    char q[512];
    snprintf(q, sizeof q, "{\"op\":\"new\",\"rules\":\"%s\",\"players\":[", rules);
    for (int i = 0; i < players; i++)
        snprintf(q + strlen(q), sizeof q - strlen(q), "%s{\"name\":\"P%d\",\"age\":%d}", i ? "," : "", i,
                 20 + 7 * i);
    snprintf(q + strlen(q), sizeof q - strlen(q), "],\"seed\":%llu}", (unsigned long long)seed);
    cJSON_Delete(ok_q(c, q, NULL));
    uint64_t rng = seed * 2654435761u + 1;
    int64_t t = 0;
    for (int step = 0; step < 400; step++) {
        cJSON *st = send_line(c, "{\"op\":\"state\"}");
        bool over = cJSON_IsTrue(field(st, "state.over"));
        cJSON_Delete(st);
        if (over)
            break;
        cJSON *all = cJSON_CreateArray();
        for (int s = 0; s < players; s++) {
            snprintf(q, sizeof q, "{\"op\":\"legal\",\"seat\":%d}", s);
            cJSON *r = ok_q(c, q, NULL);
            cJSON *moves = cJSON_DetachItemFromObjectCaseSensitive(r, "moves");
            assert_true(cJSON_IsArray(moves));
            while (moves->child)
                cJSON_AddItemToArray(all, cJSON_DetachItemViaPointer(moves, moves->child));
            cJSON_Delete(moves);
            cJSON_Delete(r);
        }
        int n = cJSON_GetArraySize(all);
        t += (int64_t)(next_random(&rng) % 1500);
        if (n == 0) {
            snprintf(q, sizeof q, "{\"op\":\"tick\",\"t\":%lld}", (long long)t);
            cJSON_Delete(ok_q(c, q, NULL));
        } else {
            cJSON *move = cJSON_GetArrayItem(all, (int)(next_random(&rng) % (uint64_t)n));
            char *line = show(move);
            cJSON_Delete(ok_q(c, line, NULL));
            free(line);
        }
        cJSON_Delete(all);
    }
    stop(c);
}

static void test_legal_moves_succeed(void **state)
{
    (void)state;
    random_game("mattel", 3, 11);
    random_game("classic", 4, 12);
    random_game("kpgut", 5, 13);
    random_game("kpgut", 9, 14);
}

/* ------------------------------------------------------------- save files */

typedef struct TempDir {
    char path[64];
    char save[128];   /* the save file */
    char wrapper[128]; /* runs "uno table --save <save>", writing its pid */
    char pidfile[128];
} TempDir;

static void temp_dir(TempDir *d)
{
    snprintf(d->path, sizeof d->path, "/tmp/uno-test-table-XXXXXX");
    assert_non_null(mkdtemp(d->path));
    snprintf(d->save, sizeof d->save, "%s/save.jsonl", d->path);
    snprintf(d->wrapper, sizeof d->wrapper, "%s/uno-table-save", d->path);
    snprintf(d->pidfile, sizeof d->pidfile, "%s/pid", d->path);
    const char *bin = getenv("UNO_BIN");
    assert_non_null(bin);
    FILE *f = fopen(d->wrapper, "w");
    assert_non_null(f);
    /* table_client starts "BIN table"; this BIN adds --save and records its pid */
    fprintf(f, "#!/bin/sh\necho $$ > '%s'\nexec '%s' \"$@\" --save '%s'\n", d->pidfile, bin, d->save);
    fclose(f);
    assert_int_equal(chmod(d->wrapper, 0755), 0);
}

static void temp_dir_remove(TempDir *d)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d->path);
    assert_int_equal(system(cmd), 0);
}

/* Runs a shell command; returns its output and (status not NULL) its exit
 * status. */
static char *run_command(const char *cmd, int *status)
{
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    assert_non_null(out);
    size_t n;
    while ((n = fread(out + len, 1, cap - len - 1, p)) > 0) {
        len += n;
        if (cap - len < 1024) {
            cap *= 2;
            out = realloc(out, cap);
            assert_non_null(out);
        }
    }
    out[len] = '\0';
    int st = pclose(p);
    if (status)
        *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return out;
}

/* Runs "uno replay ARGS"; returns its output (stdout and stderr) and status. */
static char *run_replay(const char *args, int *status)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "'%s' replay %s 2>&1", getenv("UNO_BIN"), args);
    return run_command(cmd, status);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++)
        n += *s == '\n';
    return n;
}

/* A game with some history: errors (not saved) among the moves. */
static void play_some(TableClient *c)
{
    cJSON_Delete(new_game(c, FLOW_DEAL, NULL));
    ok(c, "{'op':'play','seat':1,'cards':['R2'],'t':500}", NULL);
    error_q(c, "{'op':'play','seat':1,'cards':['R3']}", "not_your_turn");
    ok(c, "{'op':'draw','seat':2,'t':900}", NULL);
    error_line(c, "garbage", "bad_request", NULL);
    ok(c, "{'op':'draw','seat':0}", NULL);
    ok(c, "{'op':'pass','seat':0,'t':1200}", NULL);
    ok(c, "{'op':'legal','seat':1}", NULL);
}

/* Stops the table; `uno replay` of its save must print the state it had
 * last, then its hash. */
static void stop_and_replay(TableClient *c, const TempDir *d)
{
    cJSON *live = send_line(c, "{\"op\":\"state\"}");
    stop(c);
    int status;
    char args[256];
    snprintf(args, sizeof args, "'%s'", d->save);
    char *out = run_replay(args, &status);
    assert_int_equal(status, 0);
    char *nl = strchr(out, '\n');
    assert_non_null(nl);
    *nl = '\0';
    cJSON *replayed = cJSON_Parse(out);
    assert_non_null(replayed);
    assert_true(cJSON_Compare(live, replayed, true));
    char expect_hash[64];
    snprintf(expect_hash, sizeof expect_hash, "hash: %s\n", field(live, "state.hash")->valuestring);
    assert_string_equal(nl + 1, expect_hash);
    free(out);
    cJSON_Delete(replayed);
    cJSON_Delete(live);
}

static void test_replay(void **state)
{
    (void)state;
    TempDir d;
    temp_dir(&d);
    TableClient *c = start_bin(d.wrapper);
    play_some(c);
    /* the save holds `new` and the 4 accepted moves, no errors or queries */
    stop_and_replay(c, &d);
    int status;
    char args[256];
    char *out;

    /* --events: one answer per saved request, then the state and the hash */
    snprintf(args, sizeof args, "'%s' --events", d.save);
    out = run_replay(args, &status);
    assert_int_equal(status, 0);
    assert_int_equal(count_lines(out), 5 + 2);
    free(out);

    /* a line added after the end mark (line 6) is named, and the status is 1 */
    FILE *f = fopen(d.save, "a");
    fputs("{\"op\":\"play\",\"seat\":1,\"cards\":[\"B8\"]}\n", f);
    fclose(f);
    snprintf(args, sizeof args, "'%s'", d.save);
    out = run_replay(args, &status);
    assert_int_equal(status, 1);
    assert_non_null(strstr(out, "line 7: a line after the end mark"));
    free(out);
    /* requests without their record checks are not a save file */
    f = fopen(d.save, "w");
    fputs("{\"op\":\"new\",\"rules\":\"mattel\",\"players\":[{\"name\":\"A\"},{\"name\":\"B\"}]}\n\nnot json\n", f);
    fclose(f);
    out = run_replay(args, &status);
    assert_int_equal(status, 1);
    assert_non_null(strstr(out, "line 1: no record number and hash"));
    free(out);
    snprintf(args, sizeof args, "'%s/missing.jsonl'", d.path);
    out = run_replay(args, &status);
    assert_int_equal(status, 1);
    free(out);
    temp_dir_remove(&d);
}

/* KPGUT §13 and §3.2 in a save: the replayed game makes room for the
 * newcomers and spectators as the live one did. */
static void test_replay_joins(void **state)
{
    (void)state;
    TempDir d;
    temp_dir(&d);
    TableClient *c = start_bin(d.wrapper);
    cJSON_Delete(new_game(c, "{'op':'new','rules':'kpgut'," THREE ",'seed':9}", NULL));
    ok(c, "{'op':'join','name':'Dee','age':50,'seat':1}", "{'events':[{'type':'join','seat':1}]}");
    ok(c, "{'op':'spectate','name':'Eve','age':60}", NULL);
    ok(c, "{'op':'join','name':'Fay','age':15,'seat':4}", "{'events':[{'type':'join','seat':4}]}");
    ok(c, "{'op':'spectate','name':'Gus','age':70}", NULL);
    stop_and_replay(c, &d);
    temp_dir_remove(&d);
}

static pid_t read_pid(const TempDir *d)
{
    FILE *f = fopen(d->pidfile, "r");
    assert_non_null(f);
    long pid = 0;
    assert_int_equal(fscanf(f, "%ld", &pid), 1);
    fclose(f);
    assert_true(pid > 1);
    return (pid_t)pid;
}

/* What a crash while a record is written leaves: the record, cut short,
 * where the end mark (the file's last line) was. */
static void crash_while_writing(const char *save, const char *partial)
{
    FILE *f = fopen(save, "r+");
    assert_non_null(f);
    char line[70000];
    long start = 0, last = 0;
    while (fgets(line, sizeof line, f)) {
        last = start;
        start = ftell(f);
    }
    assert_int_equal(fseek(f, last, SEEK_SET), 0);
    assert_int_equal(ftruncate(fileno(f), last), 0);
    fputs(partial, f);
    fclose(f);
}

static void test_crash_recovery(void **state)
{
    (void)state;
    TempDir d;
    temp_dir(&d);
    TableClient *c = start_bin(d.wrapper);
    play_some(c);
    char *before = state_text(c);
    assert_int_equal(kill(read_pid(&d), SIGKILL), 0);
    assert_int_equal(table_client_stop(c), 128 + SIGKILL);

    /* the same command resumes the game where the last answer left it */
    c = start_bin(d.wrapper);
    char *after = state_text(c);
    assert_string_equal(before, after);
    free(after);
    ok(c, "{'op':'play','seat':1,'cards':['R3'],'t':1300}", NULL);
    free(before);
    before = state_text(c);
    stop(c);

    /* a last line cut short by a crash was never answered: the table will
     * not start on it, naming the line, until --repair drops it, keeping the
     * file as it was */
    crash_while_writing(d.save, "{\"op\":\"draw\",\"se");
    char cmd[600], *out;
    snprintf(cmd, sizeof cmd, "'%s' table --save '%s' </dev/null 2>&1", getenv("UNO_BIN"), d.save);
    out = run_command(cmd, NULL);
    if (!strstr(out, "line 7: cut short") || !strstr(out, "--repair"))
        fail_msg("expected the cut line named and --repair offered (%s):\n%s", cmd, out);
    free(out);
    snprintf(cmd, sizeof cmd, "'%s' table --save '%s' --repair </dev/null 2>&1", getenv("UNO_BIN"), d.save);
    out = run_command(cmd, NULL);
    if (!strstr(out, "kept 6 records") || !strstr(out, ".bak"))
        fail_msg("expected 6 records kept and a backup named:\n%s", out);
    free(out);
    char backup[200];
    snprintf(backup, sizeof backup, "%s.bak", d.save);
    struct stat st;
    assert_int_equal(stat(backup, &st), 0);
    c = start_bin(d.wrapper);
    after = state_text(c);
    assert_string_equal(before, after);
    free(after);
    ok(c, "{'op':'draw','seat':2}", NULL);
    free(before);
    before = state_text(c);
    stop(c);
    c = start_bin(d.wrapper);
    after = state_text(c);
    assert_string_equal(before, after);
    stop(c);

    /* a save file that cannot be replayed stops the table with a message */
    FILE *f = fopen(d.save, "a");
    fputs("{\"op\":\"fly\"}\n", f);
    fclose(f);
    c = start_bin(d.wrapper);
    char err[256];
    cJSON *r = table_client_send_text(c, "{\"op\":\"state\"}", err, sizeof err);
    assert_null(r);
    assert_int_equal(table_client_stop(c), 1);
    free(before);
    free(after);
    temp_dir_remove(&d);
}

/* A rules file is needed by `new` only: the save spells every option out. */
static void test_rules_file_saved(void **state)
{
    (void)state;
    TempDir d;
    temp_dir(&d);
    char rules[160];
    snprintf(rules, sizeof rules, "%s/house.rules", d.path);
    FILE *f = fopen(rules, "w");
    fputs("base = mattel\nhand_size = 5\nuno_penalty = 4\n", f);
    fclose(f);
    TableClient *c = start_bin(d.wrapper);
    char q[400];
    snprintf(q, sizeof q, "{'op':'new','rules':'%s'," THREE ",'seed':4}", rules);
    ok(c, q, NULL);
    ok(c, "{'op':'state'}", "{'state':{'options':{'hand_size':5,'uno_penalty':4},'hands':[{'$len':5}," ANY "," ANY "]}}");
    char *before = state_text(c);
    stop(c);
    assert_int_equal(unlink(rules), 0);
    c = start_bin(d.wrapper);
    char *after = state_text(c);
    assert_string_equal(before, after);
    free(before);
    free(after);
    /* a plain table reads rules files too; a missing one is a bad request */
    snprintf(q, sizeof q, "{'op':'new','rules':'%s'," THREE "}", rules);
    error_q(c, q, "bad_request");
    stop(c);
    temp_dir_remove(&d);
}

/* A rules file named by a request must be a regular file: "-", a device
 * and a FIFO (which would read the protocol's own input or block) are
 * refused at once, and a file that is not a rules file is refused naming
 * its line, quoting nothing of it. With --builtin-rules no file is opened. */
static void test_rules_paths(void **state)
{
    (void)state;
    TempDir d;
    temp_dir(&d);
    char fifo[160], secret[160], q[400];
    snprintf(fifo, sizeof fifo, "%s/fifo", d.path);
    snprintf(secret, sizeof secret, "%s/secret.rules", d.path);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    FILE *f = fopen(secret, "w");
    fputs("# a comment\nPASSWORD=hunter2\n", f);
    fclose(f);
    const char *refused[] = {"-", "/dev/stdin", "/dev/zero", fifo, d.path};
    TableClient *c = start();
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        snprintf(q, sizeof q, "{'op':'new','rules':'%s'," THREE "}", refused[i]);
        error_says(c, q, "bad_request", refused[i][0] == '-' ? "standard input" : "not a regular file");
    }
    snprintf(q, sizeof q, "{'op':'new','rules':'%s'," THREE "}", secret);
    error_says(c, q, "bad_request", "line 2 is not a valid rules line");
    cJSON *r = send_q(c, q);
    char *text = show(r);
    if (strstr(text, "PASSWORD") || strstr(text, "hunter2"))
        fail_msg("the error quotes the file: %s", text);
    free(text);
    cJSON_Delete(r);
    stop(c);
    FILE *w = fopen(d.wrapper, "w");
    fprintf(w, "#!/bin/sh\nexec '%s' \"$@\" --builtin-rules\n", getenv("UNO_BIN"));
    fclose(w);
    c = start_bin(d.wrapper);
    snprintf(secret, sizeof secret, "%s/house.rules", d.path);
    f = fopen(secret, "w");
    fputs("base = mattel\n", f);
    fclose(f);
    snprintf(q, sizeof q, "{'op':'new','rules':'%s'," THREE "}", secret);
    error_says(c, q, "bad_request", "opens no rules files");
    ok(c, "{'op':'new','rules':'kpgut'," THREE "}", NULL);
    stop(c);
    temp_dir_remove(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_garbage_without_game),
        cmocka_unit_test(test_garbage_with_game),
        cmocka_unit_test(test_long_lines),
        cmocka_unit_test(test_mattel_flow),
        cmocka_unit_test(test_wd4_take),
        cmocka_unit_test(test_wd4_challenge),
        cmocka_unit_test(test_first_wild_color),
        cmocka_unit_test(test_game_over),
        cmocka_unit_test(test_new_errors),
        cmocka_unit_test(test_kpgut_spectators_and_views),
        cmocka_unit_test(test_events_as_a_viewer),
        cmocka_unit_test(test_kpgut_room_for_joiners_and_spectators),
        cmocka_unit_test(test_kpgut_uno_and_clock),
        cmocka_unit_test(test_kpgut_uno_grace),
        cmocka_unit_test(test_kpgut_suspect),
        cmocka_unit_test(test_kpgut_people),
        cmocka_unit_test(test_names_people_can_read),
        cmocka_unit_test(test_kpgut_time_limit),
        cmocka_unit_test(test_far_clock_is_bounded),
        cmocka_unit_test(test_rules_paths),
        cmocka_unit_test(test_legal_moves_succeed),
        cmocka_unit_test(test_replay),
        cmocka_unit_test(test_replay_joins),
        cmocka_unit_test(test_crash_recovery),
        cmocka_unit_test(test_rules_file_saved),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
