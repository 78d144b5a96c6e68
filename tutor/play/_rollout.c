/* The analysis' play-outs in C: tutor/play/simulate.py's policies, move for move.
 *
 * This file is a translation of the play-out of tutor/play/simulate.py (play_out with no log), of
 * the deadwood search of tutor/engine/melds.py (min_deadwood, discard_reach) and of a knock's score
 * (tutor/engine/scoring.py: knocker_gain, where every arrangement is tried), for speed: the same
 * world gives the same result, which tests/test_rollout.py checks against the Python code on
 * thousands of worlds of every level and ruleset and on knocks under every scoring option. The
 * tables (runs' deadwood, partners, meld pairs, card values) and the constants come from the Python
 * modules through setup(), so that both read one definition. Python remains the reference: a change to a policy there must be made here too
 * (the equivalence test fails until it is).
 *
 * Floating point: the careful mover's costs are products and sums of doubles, computed in the same
 * order as in Python; the build turns off contraction into fused multiply-adds (-ffp-contract=off)
 * so each operation rounds as Python's does.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t u64;

#define NCARDS 52
#define SUIT_BITS 13
#define SUIT_MASK 0x1FFFu
#define HEARTS 13
#define DIAMONDS 26
#define CLUBS 39
#define PATTERNS 8192
#define MORE_THAN_ANY_DEADWOOD (10 * 52 + 1)
#define MAX_PAIRS 8
#define MAX_BELIEF 64

enum { FIRST_UPCARD = 0, DRAW = 1, DISCARD = 2 };

static int RUN_DW[PATTERNS], RUN_MELDED[PATTERNS], DROP_GAIN[PATTERNS], DROP_BEST[PATTERNS];
static u64 RANK_COLUMN[SUIT_BITS];
static int VALUES[NCARDS], HIGHEST[NCARDS], BY_VALUE[NCARDS];
static u64 PARTNERS[NCARDS];
static u64 MELD_PAIRS[NCARDS][MAX_PAIRS];
static u64 COMPLETES[NCARDS][NCARDS]; /* the cards that make a meld of three with cards a and b */
static int N_PAIRS[NCARDS];
static int MAX_MOVES = 400, TAKE_GAIN = 6, WALL_CHANCES = 2, STOCK_AFTER_DEAL = 31;
static double FEED_WORRY = 2.0, STRONG_FEED = 5.0;
static int ready = 0;

static inline int popcount(u64 x) { return __builtin_popcountll(x); }
static inline int lowest(u64 x) { return __builtin_ctzll(x); }

/* A search for the least deadwood and every choice that reaches it: ``value`` from ``bits`` beats the
   least so far (it replaces it) or ties it (its bits join). */
static inline void keep_least(int value, u64 bits, int *least, u64 *found) {
    if (value < *least) {
        *least = value;
        *found = bits;
    } else if (value == *least) {
        *found |= bits;
    }
}

static int not_ready(void) {
    if (ready) return 0;
    PyErr_SetString(PyExc_RuntimeError, "tutor.play._rollout.setup() was not called");
    return 1;
}

/* --- Deadwood (tutor/engine/melds.py) ----------------------------------------------------------- */

static inline int run_dw(u64 m) {
    return RUN_DW[m & SUIT_MASK] + RUN_DW[(m >> HEARTS) & SUIT_MASK] + RUN_DW[(m >> DIAMONDS) & SUIT_MASK]
           + RUN_DW[(m >> CLUBS) & SUIT_MASK];
}

static int set_options(u64 column, u64 *options) {
    int n = 2;
    options[0] = 0;
    options[1] = column;
    if (popcount(column) == 4) {
        u64 scan = column;
        while (scan) {
            u64 bit = scan & (~scan + 1);
            scan ^= bit;
            options[n++] = column ^ bit;
        }
    }
    return n;
}

static int min_with_sets(u64 mask, unsigned ranks, u64 runnable) {
    unsigned low = ranks & (~ranks + 1);
    unsigned rest = ranks ^ low;
    u64 column = mask & RANK_COLUMN[__builtin_ctz(low)];
    u64 options[6];
    int count;
    if (column & runnable) {
        count = set_options(column, options);
    } else {
        options[0] = column;
        count = 1;
    }
    int best = MORE_THAN_ANY_DEADWOOD;
    for (int i = 0; i < count; i++) {
        u64 remaining = mask ^ options[i];
        int dw = rest ? min_with_sets(remaining, rest, runnable) : run_dw(remaining);
        if (dw < best) best = dw;
    }
    return best;
}

static inline unsigned set_ranks(u64 mask) {
    unsigned a = mask & SUIT_MASK, b = (mask >> HEARTS) & SUIT_MASK, c = (mask >> DIAMONDS) & SUIT_MASK,
             d = (mask >> CLUBS) & SUIT_MASK;
    return (a & b & (c | d)) | (c & d & (a | b));
}

static inline u64 runnable_of(u64 mask) {
    return (u64)RUN_MELDED[mask & SUIT_MASK] | (u64)RUN_MELDED[(mask >> HEARTS) & SUIT_MASK] << HEARTS
           | (u64)RUN_MELDED[(mask >> DIAMONDS) & SUIT_MASK] << DIAMONDS
           | (u64)RUN_MELDED[(mask >> CLUBS) & SUIT_MASK] << CLUBS;
}

static int min_deadwood(u64 mask) {
    unsigned ranks = set_ranks(mask);
    if (!ranks) return run_dw(mask);
    return min_with_sets(mask, ranks, runnable_of(mask));
}

static int drops(u64 mask, u64 *reach) {
    unsigned a = mask & SUIT_MASK, b = (mask >> HEARTS) & SUIT_MASK, c = (mask >> DIAMONDS) & SUIT_MASK,
             d = (mask >> CLUBS) & SUIT_MASK;
    int ga = DROP_GAIN[a], gb = DROP_GAIN[b], gc = DROP_GAIN[c], gd = DROP_GAIN[d];
    int gain = ga;
    if (gb > gain) gain = gb;
    if (gc > gain) gain = gc;
    if (gd > gain) gain = gd;
    *reach = (ga == gain ? (u64)DROP_BEST[a] : 0) | (gb == gain ? (u64)DROP_BEST[b] << HEARTS : 0)
             | (gc == gain ? (u64)DROP_BEST[c] << DIAMONDS : 0) | (gd == gain ? (u64)DROP_BEST[d] << CLUBS : 0);
    return RUN_DW[a] + RUN_DW[b] + RUN_DW[c] + RUN_DW[d] - gain;
}

static int after_discard_with_sets(u64 mask, unsigned ranks, u64 runnable, u64 fours, u64 *reach) {
    if (!ranks) {
        int least = drops(mask, reach);
        if (fours && !least && !run_dw(mask)) *reach |= fours;
        return least;
    }
    unsigned low = ranks & (~ranks + 1);
    unsigned rest = ranks ^ low;
    u64 column = mask & RANK_COLUMN[__builtin_ctz(low)];
    if (!(column & runnable))
        return after_discard_with_sets(mask ^ column, rest, runnable, popcount(column) == 4 ? fours | column : fours,
                                       reach);
    u64 options[6];
    int count = set_options(column, options);
    int best = MORE_THAN_ANY_DEADWOOD;
    u64 found = 0;
    for (int i = 0; i < count; i++) {
        u64 bits;
        int least = after_discard_with_sets(mask ^ options[i], rest, runnable, fours, &bits);
        keep_least(least, bits, &best, &found); /* two statements: the call writes bits first */
    }
    *reach = found;
    return best;
}

static int discard_reach(u64 mask, u64 *reach) {
    unsigned ranks = set_ranks(mask);
    if (!ranks) return drops(mask, reach);
    return after_discard_with_sets(mask, ranks, runnable_of(mask), 0, reach);
}

/* --- A knock's score (tutor/engine/scoring.py: knocker_gain) ------------------------------------------ */

/* The ruleset's scoring options (tutor.engine.rules.Ruleset), for rulesets where the knocker shows whichever
   of its equal arrangements leaves the defender most deadwood and the defender may break its own melds to lay
   off (every shipped ruleset): then every arrangement is tried and none is ever chosen by how it is shown, and
   the knock is scored here. Otherwise it is scored in Python, through the play-out's gain callback. */
typedef struct {
    int gin_bonus, gin_adds_defender_deadwood, layoffs_onto_gin, big_gin_bonus, layoffs_onto_big_gin,
        gin_can_be_undercut, undercut_on_tie, undercut_bonus, undercut_adds_difference;
} Scoring;

#define BIG_GIN_SIZE 11
#define MAX_CHOICES 128
#define MAX_CHAINS 16

/* Every choice of sets for ``ranks`` (as the union of the sets' cards), as melds.py's _set_choices makes them. */
static void set_choices(u64 mask, unsigned ranks, u64 chosen, u64 *out, int *n) {
    if (!ranks) {
        if (*n < MAX_CHOICES) out[(*n)++] = chosen;
        return;
    }
    unsigned low = ranks & (~ranks + 1);
    u64 options[6];
    int count = set_options(mask & RANK_COLUMN[__builtin_ctz(low)], options);
    for (int i = 0; i < count; i++) set_choices(mask, ranks ^ low, chosen | options[i], out, n);
}

/* The open ends of the melds of the arrangement of ``mask`` with the sets ``sets`` and every run of the rest,
   each as the bits that would extend it, nearest first (tutor/engine/layoffs.py: arrangement_chains). */
static int chains_of(u64 mask, u64 sets, u64 chains[MAX_CHAINS][SUIT_BITS], int *lens) {
    int n = 0;
    for (int rank = 0; rank < SUIT_BITS; rank++) {
        u64 in_set = sets & RANK_COLUMN[rank];
        if (popcount(in_set) == 3) {
            chains[n][0] = RANK_COLUMN[rank] ^ in_set;
            lens[n++] = 1;
        }
    }
    u64 rest = mask ^ sets;
    for (int suit = 0; suit < 4; suit++) {
        int base = suit * SUIT_BITS;
        unsigned melded = (unsigned)RUN_MELDED[(rest >> base) & SUIT_MASK];
        while (melded) {
            int start = __builtin_ctz(melded), length = 0;
            while (start + length < SUIT_BITS && (melded >> (start + length) & 1u)) length++;
            melded &= ~(((1u << length) - 1u) << start);
            if (start > 0) {
                for (int k = 0; k < start; k++) chains[n][k] = (u64)1 << (base + start - 1 - k);
                lens[n++] = start;
            }
            if (start + length < SUIT_BITS) {
                int len = SUIT_BITS - start - length;
                for (int k = 0; k < len; k++) chains[n][k] = (u64)1 << (base + start + length + k);
                lens[n++] = len;
            }
        }
    }
    return n;
}

/* The least deadwood the defender keeps, laying off along chains ``i`` on (no card twice) and melding the rest
   (tutor/engine/layoffs.py: chain_defender_deadwood, with a defender that may break its melds). */
static int defence(u64 defender, u64 chains[MAX_CHAINS][SUIT_BITS], const int *lens, int n, int i, u64 laid) {
    if (i == n) return min_deadwood(defender ^ laid);
    int best = defence(defender, chains, lens, n, i + 1, laid);
    u64 prefix = 0;
    for (int k = 0; k < lens[i]; k++) {
        u64 bit = chains[i][k];
        if (!(defender & bit)) break;
        prefix |= bit;
        if (laid & prefix) break;
        int dw = defence(defender, chains, lens, n, i + 1, laid | prefix);
        if (dw < best) best = dw;
    }
    return best;
}

/* tutor/engine/scoring.py's hand_outcome and outcome_points: the knocker's points (negative when undercut). */
static long knock_outcome(const Scoring *r, int knocker_dw, int defender_dw, int big_gin) {
    int gin = knocker_dw == 0;
    int undercut = defender_dw < knocker_dw || (defender_dw == knocker_dw && r->undercut_on_tie);
    int difference = knocker_dw > defender_dw ? knocker_dw - defender_dw : defender_dw - knocker_dw;
    if (undercut && (!gin || r->gin_can_be_undercut) && !big_gin)
        return -(long)(r->undercut_bonus + (r->undercut_adds_difference ? difference : 0));
    if (big_gin) return r->big_gin_bonus + defender_dw;
    if (gin) return r->gin_bonus + (r->gin_adds_defender_deadwood ? defender_dw : 0);
    return difference;
}

/* tutor/engine/scoring.py's knocker_gain, under a ruleset where every arrangement is tried (see Scoring). */
static long knock_gain(const Scoring *r, u64 knocker, u64 defender) {
    u64 choices[MAX_CHOICES];
    int n = 0;
    set_choices(knocker, set_ranks(knocker), 0, choices, &n);
    int least = MORE_THAN_ANY_DEADWOOD;
    for (int i = 0; i < n; i++) {
        int dw = run_dw(knocker ^ choices[i]);
        if (dw < least) least = dw;
    }
    int big_gin = popcount(knocker) == BIG_GIN_SIZE;
    int allow = big_gin ? r->layoffs_onto_big_gin : least == 0 ? r->layoffs_onto_gin : 1;
    long best = 0;
    int any = 0;
    for (int i = 0; i < n; i++) {
        if (run_dw(knocker ^ choices[i]) != least) continue;
        int kept;
        if (allow) {
            u64 chains[MAX_CHAINS][SUIT_BITS];
            int lens[MAX_CHAINS];
            int count = chains_of(knocker, choices[i], chains, lens);
            kept = defence(defender, chains, lens, count, 0, 0);
        } else {
            kept = min_deadwood(defender);
        }
        long gain = knock_outcome(r, least, kept, big_gin);
        if (!any || gain > best) best = gain;
        any = 1;
        if (!allow) break; /* every arrangement leaves the defender the same */
    }
    return best;
}

/* --- The play-out (tutor/play/simulate.py) -------------------------------------------------------- */

typedef struct {
    double feed;
    int gin_wait, gin_wait_stock, careful_from, careful_stock;
    int takes_gain, keeps_partners, reads, careful;
    double feed_tie; /* feeding costs within this of the cheapest count as the cheapest (careful throws) */
    double risk_blur; /* each world moves the believed risks by up to this much, at random (careful throws) */
} Policy;

typedef struct {
    u64 hands[2];
    int order[2][NCARDS];
    int order_len[2];
    int at[2];
    u64 left;
    int size;
    int pile[NCARDS + 4];
    int npile;
    int to_move, phase, dealer, passes, taken, moves;
    int over;
    long result;
    int deadwood[2];
    int has_plan, plan_least;
    u64 plan_reach;
    u64 shown[2];
    Policy policy[2];
    int eager[2];
    double risk[NCARDS];
    int nbelief;
    double belief_share[MAX_BELIEF];
    u64 belief_hand[MAX_BELIEF];
    u64 blur_key; /* the world's key for the blurred risks */
    int knock_limit, big_gin_allowed, void_at_stock;
    int scored_here; /* the knock is scored by knock_gain (else by the gain callback) */
    Scoring scoring;
    PyObject *gain; /* gain(knocker, defender) -> the knocker's points under the hand's rules */
    int failed;
} Sim;

static inline int may_knock_with(const Sim *s, int deadwood) { return deadwood <= s->knock_limit; }

static int knocks_now(const Policy *p, int deadwood, int stock_size, int eager) {
    if (deadwood == 0 || eager) return 1;
    if (deadwood >= p->careful_from && stock_size < p->careful_stock) return 0;
    return !(deadwood <= p->gin_wait && stock_size >= p->gin_wait_stock);
}

static double feed_stake(const Policy *p, int stock_size) {
    int late = STOCK_AFTER_DEAL - stock_size;
    if (late < 0) late = 0;
    return p->feed * (1.0 + (double)late / (double)STOCK_AFTER_DEAL);
}

static long gain_of(Sim *s, u64 knocker, u64 defender) {
    if (s->failed) return 0;
    if (s->scored_here) return knock_gain(&s->scoring, knocker, defender);
    PyObject *k = PyLong_FromUnsignedLongLong(knocker), *d = PyLong_FromUnsignedLongLong(defender);
    PyObject *out = (k && d) ? PyObject_CallFunctionObjArgs(s->gain, k, d, NULL) : NULL;
    Py_XDECREF(k);
    Py_XDECREF(d);
    if (!out) {
        s->failed = 1;
        return 0;
    }
    long value = PyLong_AsLong(out);
    Py_DECREF(out);
    if (value == -1 && PyErr_Occurred()) s->failed = 1;
    return value;
}

static int draw_card(Sim *s, int player) {
    if (!s->left) { /* the hand is void at the wall before the stock runs out; a state that says otherwise */
        PyErr_SetString(PyExc_ValueError, "a card was to be drawn from an empty stock");
        s->failed = 1;
        return 0;
    }
    int at = s->at[player];
    int card = s->order[player][at];
    while (!((s->left >> card) & 1)) {
        at++;
        card = s->order[player][at];
    }
    s->at[player] = at + 1;
    s->left &= ~((u64)1 << card);
    s->size -= 1;
    return card;
}

static inline int feeds(int card, u64 held) {
    u64 near = held & PARTNERS[card];
    if (!(near & (near - 1))) return 0;
    for (int i = 0; i < N_PAIRS[card]; i++)
        if ((MELD_PAIRS[card][i] & near) == MELD_PAIRS[card][i]) return 1;
    return 0;
}

static int pick(u64 reach, u64 hand, int keeps_partners) {
    int best = -1, key_partners = 99, key_high = 0;
    while (reach) {
        u64 bit = reach & (~reach + 1);
        reach ^= bit;
        int index = lowest(bit);
        int partners = keeps_partners ? popcount(PARTNERS[index] & hand) : 0;
        int high = -HIGHEST[index];
        if (partners < key_partners || (partners == key_partners && high < key_high)) {
            best = index;
            key_partners = partners;
            key_high = high;
        }
    }
    return best;
}

static int best_but(u64 hand, int taken, u64 *reach) {
    int eleven = min_deadwood(hand);
    int least = 1 << 30;
    u64 found = 0;
    for (int i = 0; i < NCARDS; i++) {
        int index = BY_VALUE[i];
        u64 bit = (u64)1 << index;
        if (!(hand & bit) || index == taken) continue;
        if (eleven - VALUES[index] > least) break;
        keep_least(min_deadwood(hand ^ bit), bit, &least, &found);
    }
    *reach = found;
    return least;
}

static int reach_of(u64 hand, int taken, u64 *reach) {
    int least = discard_reach(hand, reach);
    if (taken >= 0 && (*reach & ((u64)1 << taken))) {
        *reach &= ~((u64)1 << taken);
        if (!*reach) least = best_but(hand, taken, reach);
    }
    return least;
}

typedef struct {
    int dw, card;
} Throw;

static int throw_order(const void *x, const void *y) {
    const Throw *a = x, *b = y;
    if (a->dw != b->dw) return a->dw < b->dw ? -1 : 1;
    return a->card < b->card ? -1 : (a->card > b->card);
}

static int safe_throw(u64 hand, int taken, u64 held, int keeps_partners, int least, u64 reach, int *card) {
    if (!held) {
        *card = pick(reach, hand, keeps_partners);
        return least;
    }
    u64 safe = reach, scan = reach;
    while (scan) {
        u64 bit = scan & (~scan + 1);
        scan ^= bit;
        if (feeds(lowest(bit), held)) safe &= ~bit;
    }
    if (safe) {
        *card = pick(safe, hand, keeps_partners);
        return least;
    }
    Throw throws[NCARDS];
    int n = 0;
    u64 rest = hand;
    while (rest) {
        u64 bit = rest & (~rest + 1);
        rest ^= bit;
        int index = lowest(bit);
        if (index != taken) {
            throws[n].dw = min_deadwood(hand ^ bit);
            throws[n].card = index;
            n++;
        }
    }
    qsort(throws, n, sizeof(Throw), throw_order);
    for (int i = 0; i < n; i++) {
        if (throws[i].dw > least + STRONG_FEED) break;
        if (!feeds(throws[i].card, held)) {
            *card = throws[i].card;
            return throws[i].dw;
        }
    }
    *card = pick(reach, hand, keeps_partners);
    return least;
}

/* A number from 0 to 1 for a world's key and a card (tutor.play.simulate.blur_unit: splitmix64's mixer). */
static double blur_unit(u64 key, int card) {
    u64 z = key + (u64)(card + 1) * 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}

static inline double believed_risk(const Sim *s, int card) {
    double blur = s->policy[0].risk_blur, risk = s->risk[card];
    if (blur > 0.0) {
        risk = risk + blur * (2.0 * blur_unit(s->blur_key, card) - 1.0);
        if (risk < 0.0) risk = 0.0;
        if (risk > 1.0) risk = 1.0;
    }
    return risk;
}

static inline double cost_of(const Sim *s, int card, double stake, u64 held) {
    return stake * (feeds(card, held) ? 1.0 : believed_risk(s, card));
}

static int careful_throw(Sim *s, u64 hand, int taken, int least, u64 reach, int *card) {
    u64 held = s->shown[1];
    double stake = feed_stake(&s->policy[0], s->size);
    double cheapest = 1e9, prices[NCARDS];
    u64 cheap = 0, scan = reach;
    while (scan) {
        u64 bit = scan & (~scan + 1);
        scan ^= bit;
        double price = prices[lowest(bit)] = cost_of(s, lowest(bit), stake, held);
        if (price < cheapest) {
            cheapest = price;
            cheap = bit;
        } else if (price == cheapest) {
            cheap |= bit;
        }
    }
    if (s->policy[0].feed_tie > 0.0) {
        scan = reach;
        while (scan) {
            u64 bit = scan & (~scan + 1);
            scan ^= bit;
            if (prices[lowest(bit)] <= cheapest + s->policy[0].feed_tie) cheap |= bit;
        }
    }
    int choice_dw = least, choice_card = pick(cheap, hand, 1);
    if (cheapest <= FEED_WORRY) {
        *card = choice_card;
        return choice_dw;
    }
    double tie = s->policy[0].feed_tie;
    double score = (double)least + cheapest - tie; /* another throw must beat the least deadwood's by more */
    int eleven = min_deadwood(hand);
    u64 rest = hand & ~reach;
    if (taken >= 0) rest &= ~((u64)1 << taken);
    while (rest) {
        u64 bit = rest & (~rest + 1);
        rest ^= bit;
        int index = lowest(bit);
        double price = cost_of(s, index, stake, held);
        int floor = eleven - VALUES[index];
        if ((double)(least > floor ? least : floor) + price >= score) continue;
        int dw = min_deadwood(hand ^ bit);
        if ((double)dw + price < score) {
            score = (double)dw + price;
            choice_dw = dw;
            choice_card = index;
        }
    }
    *card = choice_card;
    return choice_dw;
}

/* Whether a player of ``p`` takes the upcard ``up``; if so, the plan (least, reach). */
static int upcard_plan(const Sim *s, u64 hand, int base, int up, const Policy *p, int eager, int *least, u64 *reach) {
    u64 bit = (u64)1 << up;
    int eleven = min_deadwood(hand | bit);
    if (eleven < base + VALUES[up]) {
        *least = reach_of(hand | bit, up, reach);
        return 1;
    }
    int floor = eleven - 10;
    if ((floor > base - TAKE_GAIN || !p->takes_gain) && !may_knock_with(s, floor)) return 0;
    *least = reach_of(hand | bit, up, reach);
    if (may_knock_with(s, *least) && knocks_now(p, *least, s->size, eager)) return 1;
    return p->takes_gain && *least <= base - TAKE_GAIN;
}

static int decide_upcard(Sim *s) {
    if (!s->npile) {
        PyErr_SetString(PyExc_ValueError, "the first upcard was to be weighed with an empty pile");
        s->failed = 1;
        return 0;
    }
    int player = s->to_move;
    u64 hand = s->hands[player];
    if (s->deadwood[player] < 0) s->deadwood[player] = min_deadwood(hand);
    s->has_plan = upcard_plan(s, hand, s->deadwood[player], s->pile[s->npile - 1], &s->policy[player],
                              s->eager[player], &s->plan_least, &s->plan_reach);
    return s->has_plan;
}

static void end_knock(Sim *s, int player) {
    long gain = gain_of(s, s->hands[player], s->hands[1 - player]);
    s->result = player == 0 ? gain : -gain;
    s->over = 1;
}

/* A knock keeping ``kept`` valued on the believed hands still possible: 1 and *worth, or 0 if none is. */
static int believed_knock(Sim *s, u64 kept, double *worth) {
    u64 seen = kept;
    for (int i = 0; i < s->npile; i++) seen |= (u64)1 << s->pile[i];
    double total = 0.0, weight = 0.0;
    for (int i = 0; i < s->nbelief; i++) {
        u64 hand = s->belief_hand[i];
        if (hand & seen) continue;
        total += s->belief_share[i] * (double)gain_of(s, kept, hand);
        weight += s->belief_share[i];
    }
    if (!weight) return 0;
    *worth = total / weight;
    return 1;
}

static int careful_knock(Sim *s, u64 hand, u64 reach) {
    int best = -1, tried = 0;
    double value = 0.0;
    u64 scan = reach;
    while (scan && tried < 2) {
        u64 bit = scan & (~scan + 1);
        scan ^= bit;
        tried++;
        double worth;
        if (!believed_knock(s, hand ^ bit, &worth)) return -2;
        if (worth > value) {
            best = lowest(bit);
            value = worth;
        }
    }
    return best;
}

static void pass_upcard(Sim *s) {
    s->passes += 1;
    s->to_move = s->passes == 2 ? 1 - s->dealer : 1 - s->to_move;
}

static void take(Sim *s) {
    int card = s->pile[--s->npile];
    int player = s->to_move;
    s->hands[player] |= (u64)1 << card;
    s->shown[player] |= (u64)1 << card;
    s->taken = card;
    s->phase = DISCARD;
}

static void draw_stock(Sim *s) {
    s->hands[s->to_move] |= (u64)1 << draw_card(s, s->to_move);
    s->taken = -1;
    s->phase = DISCARD;
}

static void throw_card(Sim *s, int card, int knock) {
    int player = s->to_move;
    u64 bit = (u64)1 << card;
    s->hands[player] &= ~bit;
    s->shown[player] &= ~bit;
    s->deadwood[player] = -1;
    s->pile[s->npile++] = card;
    s->taken = -1;
    if (knock) {
        end_knock(s, player);
        return;
    }
    if (s->size <= s->void_at_stock) {
        s->result = 0;
        s->over = 1;
        return;
    }
    s->to_move = 1 - player;
    s->phase = DRAW;
}

static void discard(Sim *s, int player) {
    u64 hand = s->hands[player];
    const Policy *p = &s->policy[player];
    int had_plan = s->has_plan, least;
    u64 reach;
    s->has_plan = 0;
    int taken = s->taken;
    if (had_plan && taken >= 0) {
        least = s->plan_least;
        reach = s->plan_reach;
    } else {
        least = reach_of(hand, taken, &reach);
    }
    if (least == 0 && s->big_gin_allowed && min_deadwood(hand) == 0) {
        end_knock(s, s->to_move);
        return;
    }
    if (may_knock_with(s, least)) {
        int knock = -2;
        if (p->careful && least && s->size <= s->void_at_stock + WALL_CHANCES) knock = careful_knock(s, hand, reach);
        if (knock == -2) knock = knocks_now(p, least, s->size, s->eager[player]) ? pick(reach, hand, p->keeps_partners) : -1;
        if (knock >= 0) {
            throw_card(s, knock, 1);
            return;
        }
    }
    int card;
    if (p->careful) {
        least = careful_throw(s, hand, taken, least, reach, &card);
    } else if (p->reads) {
        least = safe_throw(hand, taken, s->shown[1 - player], p->keeps_partners, least, reach, &card);
    } else {
        card = pick(reach, hand, p->keeps_partners);
    }
    throw_card(s, card, 0);
    s->deadwood[player] = least;
}

static void step(Sim *s) {
    int player = s->to_move;
    s->moves += 1;
    if (s->phase == FIRST_UPCARD) {
        if (s->passes >= 2)
            draw_stock(s);
        else if (decide_upcard(s))
            take(s);
        else
            pass_upcard(s);
        return;
    }
    if (s->phase == DRAW) {
        if (s->npile && decide_upcard(s))
            take(s);
        else
            draw_stock(s);
        return;
    }
    discard(s, player);
}

/* --- Reading Python's values ------------------------------------------------------------------- */

static int read_u64(PyObject *o, u64 *out) {
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = v;
    return 0;
}

static int read_int(PyObject *o, int *out) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = (int)v;
    return 0;
}

static int read_ints(PyObject *seq, int *out, int most, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > most) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %zd values, at most %d", what, n, most);
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (read_int(items[i], &out[i]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
        if (out[i] < 0 || out[i] >= most) {
            Py_DECREF(fast);
            PyErr_Format(PyExc_ValueError, "%s: %d is no value from 0 to %d", what, out[i], most - 1);
            return -1;
        }
    }
    Py_DECREF(fast);
    return (int)n;
}

static int read_policy(PyObject *t, Policy *p) {
    if (!PyArg_ParseTuple(t, "diiiippppdd;a policy is (feed, gin_wait, gin_wait_stock, careful_from, careful_stock, "
                             "takes_gain, keeps_partners, reads, careful, feed_tie, risk_blur)",
                          &p->feed, &p->gin_wait, &p->gin_wait_stock, &p->careful_from, &p->careful_stock,
                          &p->takes_gain, &p->keeps_partners, &p->reads, &p->careful, &p->feed_tie, &p->risk_blur))
        return -1;
    if (!(p->feed_tie >= 0.0) || !(p->risk_blur >= 0.0 && p->risk_blur <= 1.0)) {
        PyErr_SetString(PyExc_ValueError, "a policy's feed_tie is a cost of 0 or more, its risk_blur from 0 to 1");
        return -1;
    }
    return 0;
}

static int read_belief(PyObject *risk, PyObject *hands, Sim *s) {
    PyObject *fast = PySequence_Fast(risk, "the belief's risks");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != NCARDS) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "the belief's risks: one for each of the 52 cards");
        return -1;
    }
    for (int i = 0; i < NCARDS; i++) {
        s->risk[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        if (s->risk[i] == -1.0 && PyErr_Occurred()) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    fast = PySequence_Fast(hands, "the belief's hands");
    if (!fast) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n > MAX_BELIEF) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "the belief's hands: at most %d", MAX_BELIEF);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *pair = PySequence_Fast_GET_ITEM(fast, i);
        unsigned long long hand;
        if (!PyArg_ParseTuple(pair, "dK;a believed hand is (share, mask)", &s->belief_share[i], &hand)) {
            Py_DECREF(fast);
            return -1;
        }
        s->belief_hand[i] = hand;
    }
    s->nbelief = (int)n;
    Py_DECREF(fast);
    return 0;
}

static int read_scoring(PyObject *t, Scoring *r) {
    if (!PyArg_ParseTuple(t, "ippipppip;the scoring is (gin_bonus, gin_adds_defender_deadwood, layoffs_onto_gin, "
                             "big_gin_bonus, layoffs_onto_big_gin, gin_can_be_undercut, undercut_on_tie, "
                             "undercut_bonus, undercut_adds_difference)",
                          &r->gin_bonus, &r->gin_adds_defender_deadwood, &r->layoffs_onto_gin, &r->big_gin_bonus,
                          &r->layoffs_onto_big_gin, &r->gin_can_be_undercut, &r->undercut_on_tie, &r->undercut_bonus,
                          &r->undercut_adds_difference))
        return -1;
    return 0;
}

static PyObject *py_knocker_gain(PyObject *self, PyObject *args) {
    unsigned long long knocker, defender;
    PyObject *scoring;
    Scoring r;
    if (not_ready()) return NULL;
    if (!PyArg_ParseTuple(args, "KKO", &knocker, &defender, &scoring) || read_scoring(scoring, &r) < 0) return NULL;
    const u64 deck = ((u64)1 << NCARDS) - 1;
    int size = popcount(knocker);
    if ((knocker | defender) & ~deck || knocker & defender || (size != 10 && size != BIG_GIN_SIZE)
        || popcount(defender) != 10) {
        PyErr_SetString(PyExc_ValueError, "a knock is 10 cards (or 11 for a big gin) against 10 others");
        return NULL;
    }
    return PyLong_FromLong(knock_gain(&r, knocker, defender));
}

static const char play_out_doc[] =
    "play_out(hands, orders, at, left, size, pile, state, deadwood, plan, shown, policies, eager, risk, believed,"
    " rules, gain[, blur_key]) -> int\n\n"
    "Play a hand to its end as tutor.play.simulate.play_out does (no log); player 0's net points.\n"
    "state: (to_move, phase, dealer, passes, taken, moves); plan: None or (least, reach); rules:\n"
    "(knock_limit, big_gin_allowed, void_at_stock, scoring); gain(knocker, defender): the knocker's points,\n"
    "asked only when scoring is None (else a knock is scored here, as knocker_gain scores it).";

/* Reads a hand's state from play_out's arguments into s (zeroed first): everything but the stock's orders
   and the believed hands, which the callers read (one world's, or every world's in turn). */
static int read_state(PyObject *hands, PyObject *pile, PyObject *state, PyObject *deadwood, PyObject *plan,
                      PyObject *shown, PyObject *policies, PyObject *eager, PyObject *rules, PyObject *gain, Sim *s) {
    PyObject *scoring;
    unsigned long long h0, h1, s0, s1;
    int e0, e1;
    memset(s, 0, sizeof *s);
    if (!PyArg_ParseTuple(hands, "KK", &h0, &h1) || !PyArg_ParseTuple(shown, "KK", &s0, &s1)
        || !PyArg_ParseTuple(eager, "pp", &e0, &e1)
        || !PyArg_ParseTuple(deadwood, "ii", &s->deadwood[0], &s->deadwood[1])
        || !PyArg_ParseTuple(state, "iiiiii", &s->to_move, &s->phase, &s->dealer, &s->passes, &s->taken, &s->moves)
        || !PyArg_ParseTuple(rules, "ipiO", &s->knock_limit, &s->big_gin_allowed, &s->void_at_stock, &scoring)
        || (scoring != Py_None && read_scoring(scoring, &s->scoring) < 0))
        return -1;
    s->scored_here = scoring != Py_None;
    s->hands[0] = h0;
    s->hands[1] = h1;
    s->shown[0] = s0;
    s->shown[1] = s1;
    s->eager[0] = e0;
    s->eager[1] = e1;
    if ((s->npile = read_ints(pile, s->pile, NCARDS, "the pile")) < 0) return -1;
    PyObject *p0, *p1;
    if (!PyArg_ParseTuple(policies, "OO", &p0, &p1) || read_policy(p0, &s->policy[0]) < 0
        || read_policy(p1, &s->policy[1]) < 0)
        return -1;
    if (plan != Py_None) {
        unsigned long long reach;
        if (!PyArg_ParseTuple(plan, "iK", &s->plan_least, &reach)) return -1;
        s->plan_reach = reach;
        s->has_plan = 1;
    }
    if (!PyCallable_Check(gain)) {
        PyErr_SetString(PyExc_TypeError, "gain must be callable");
        return -1;
    }
    s->gain = gain;
    const u64 deck = ((u64)1 << NCARDS) - 1;
    u64 piled = 0;
    int repeated = 0;
    for (int i = 0; i < s->npile; i++) {
        repeated |= (piled >> s->pile[i]) & 1;
        piled |= (u64)1 << s->pile[i];
    }
    if ((s->hands[0] | s->hands[1] | s->shown[0] | s->shown[1]) & ~deck || (s->to_move | s->dealer) & ~1
        || s->phase < FIRST_UPCARD || s->phase > DISCARD || s->taken < -1 || s->taken >= NCARDS || s->passes < 0
        || s->moves < 0 || (s->has_plan && s->plan_reach & ~deck)) {
        PyErr_SetString(PyExc_ValueError, "the hand's state is not one of a game (a card, a player or a phase out "
                                          "of range)");
        return -1;
    }
    if (popcount(s->hands[0]) > BIG_GIN_SIZE || popcount(s->hands[1]) > BIG_GIN_SIZE || s->hands[0] & s->hands[1]
        || repeated || piled & (s->hands[0] | s->hands[1]) || (s->has_plan && s->plan_reach & ~s->hands[s->to_move])) {
        PyErr_SetString(PyExc_ValueError, "the hand's state is not one of a game (a hand of more than 11 cards, or "
                                          "a card in two places)");
        return -1;
    }
    return 0;
}

/* Whether the stock in s is one a play-out can draw from: its size the count of its cards, every card left in
   both players' orders after their places (a stock whose orders run out before its cards would read past them). */
static int check_stock(const Sim *s) {
    const u64 deck = ((u64)1 << NCARDS) - 1;
    if (s->left & ~deck || popcount(s->left) != s->size) {
        PyErr_SetString(PyExc_ValueError, "the stock's size is not the count of its cards");
        return -1;
    }
    u64 piled = 0;
    for (int i = 0; i < s->npile; i++) piled |= (u64)1 << s->pile[i];
    if (s->left & (s->hands[0] | s->hands[1] | piled)) {
        PyErr_SetString(PyExc_ValueError, "the hand's state is not one of a game (a card in two places)");
        return -1;
    }
    for (int player = 0; player < 2; player++) {
        u64 listed = 0;
        if (s->at[player] < 0) {
            PyErr_SetString(PyExc_ValueError, "a place in a stock's order is negative");
            return -1;
        }
        for (int i = s->at[player]; i < s->order_len[player]; i++) listed |= (u64)1 << s->order[player][i];
        if ((s->left & listed) != s->left) {
            PyErr_SetString(PyExc_ValueError, "a card left in the stock is missing from a player's order");
            return -1;
        }
    }
    return 0;
}

/* Plays the hand in s to its end; 0, or -1 with the error set. */
static int run(Sim *s) {
    while (!s->over) {
        if (s->moves >= MAX_MOVES) {
            s->result = 0;
            break;
        }
        step(s);
        if (s->failed) return -1;
    }
    return s->failed ? -1 : 0;
}

static PyObject *py_play_out(PyObject *self, PyObject *args) {
    PyObject *hands, *orders, *at, *pile, *state, *deadwood, *plan, *shown, *policies, *eager, *risk, *believed,
        *rules, *gain;
    unsigned long long left, blur_key = 0;
    int size;
    if (not_ready()) return NULL;
    if (!PyArg_ParseTuple(args, "OOOKiOOOOOOOOOOO|K", &hands, &orders, &at, &left, &size, &pile, &state, &deadwood,
                          &plan, &shown, &policies, &eager, &risk, &believed, &rules, &gain, &blur_key))
        return NULL;
    Sim s;
    if (read_state(hands, pile, state, deadwood, plan, shown, policies, eager, rules, gain, &s) < 0) return NULL;
    s.blur_key = blur_key;
    s.left = left;
    s.size = size;
    PyObject *first, *second;
    if (!PyArg_ParseTuple(at, "ii", &s.at[0], &s.at[1]) || !PyArg_ParseTuple(orders, "OO", &first, &second)) return NULL;
    if ((s.order_len[0] = read_ints(first, s.order[0], NCARDS, "the stock's first order")) < 0) return NULL;
    if ((s.order_len[1] = read_ints(second, s.order[1], NCARDS, "the stock's second order")) < 0) return NULL;
    if (read_belief(risk, believed, &s) < 0 || check_stock(&s) < 0 || run(&s) < 0) return NULL;
    return PyLong_FromLong(s.result);
}

/* --- Many worlds of one decision at once ---------------------------------------------------------- */

typedef struct {
    Sim sim;     /* the hand as the mover sees it, the opponent's hand and the stock left empty */
    u64 blur_base; /* world i blurs its risks with the key blur_base + i */
    int nslices; /* the believed hands, a slice a world in turn */
    int *slice_n;
    double *slice_share;
    u64 *slice_hand;
} Template;

static void template_free(PyObject *capsule) {
    Template *t = PyCapsule_GetPointer(capsule, "tutor.play._rollout.Template");
    if (t) {
        Py_XDECREF(t->sim.gain);
        PyMem_Free(t->slice_n);
        PyMem_Free(t->slice_share);
        PyMem_Free(t->slice_hand);
        PyMem_Free(t);
    }
}

static const char template_doc[] =
    "play_template(hand, pile, state, deadwood, plan, shown, policies, eager, risk, slices, rules, gain[, blur_base])"
    " -> template\n\n"
    "A decision as the mover sees it, for play_worlds: play_out's arguments for everything but the opponent's hand\n"
    "(``hand`` is the mover's) and the stock; ``slices``: the believed hands, (share, mask) pairs, one sequence of\n"
    "them a world in turn.";

static PyObject *py_play_template(PyObject *self, PyObject *args) {
    PyObject *pile, *state, *deadwood, *plan, *shown, *policies, *eager, *risk, *slices, *rules, *gain;
    unsigned long long hand, blur_base = 0;
    if (not_ready()) return NULL;
    if (!PyArg_ParseTuple(args, "KOOOOOOOOOOO|K", &hand, &pile, &state, &deadwood, &plan, &shown, &policies, &eager,
                          &risk, &slices, &rules, &gain, &blur_base))
        return NULL;
    Template *t = PyMem_Calloc(1, sizeof *t);
    if (!t) return PyErr_NoMemory();
    t->blur_base = blur_base;
    PyObject *capsule = PyCapsule_New(t, "tutor.play._rollout.Template", template_free);
    if (!capsule) {
        PyMem_Free(t);
        return NULL;
    }
    PyObject *hands = Py_BuildValue("(Ki)", hand, 0);
    if (!hands) goto fail;
    int failed = read_state(hands, pile, state, deadwood, plan, shown, policies, eager, rules, gain, &t->sim);
    Py_DECREF(hands);
    if (failed < 0) goto fail;
    Py_INCREF(gain); /* read_state keeps it; the template owns a reference from here on */
    PyObject *empty = PyTuple_New(0);
    if (!empty) {
        t->sim.gain = NULL;
        Py_DECREF(gain);
        goto fail;
    }
    failed = read_belief(risk, empty, &t->sim);
    Py_DECREF(empty);
    if (failed < 0) goto fail;
    PyObject *fast = PySequence_Fast(slices, "the belief's slices");
    if (!fast) goto fail;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    if (n < 1 || n > 1 << 20) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "the belief's slices: at least one, at most 2**20");
        goto fail;
    }
    t->slice_n = PyMem_Calloc((size_t)n, sizeof(int));
    t->slice_share = PyMem_Calloc((size_t)n * MAX_BELIEF, sizeof(double));
    t->slice_hand = PyMem_Calloc((size_t)n * MAX_BELIEF, sizeof(u64));
    if (!t->slice_n || !t->slice_share || !t->slice_hand) {
        Py_DECREF(fast);
        PyErr_NoMemory();
        goto fail;
    }
    t->nslices = (int)n;
    for (Py_ssize_t k = 0; k < n; k++) {
        Sim scratch;
        if (read_belief(risk, PySequence_Fast_GET_ITEM(fast, k), &scratch) < 0) {
            Py_DECREF(fast);
            goto fail;
        }
        t->slice_n[k] = scratch.nbelief;
        memcpy(t->slice_share + k * MAX_BELIEF, scratch.belief_share, sizeof(double) * MAX_BELIEF);
        memcpy(t->slice_hand + k * MAX_BELIEF, scratch.belief_hand, sizeof(u64) * MAX_BELIEF);
    }
    Py_DECREF(fast);
    return capsule;
fail:
    Py_DECREF(capsule);
    return NULL;
}

enum { MOVE_TAKE = 0, MOVE_STOCK = 1, MOVE_PASS = 2, MOVE_DISCARD = 3, MOVE_KNOCK = 4, MOVE_BIG_GIN = 5 };

/* The mover's first move (tutor.play.analysis._first_move); 0, or -1 with the error set if it is not legal. */
static int first_move(Sim *s, int kind, int card) {
    int legal = s->to_move == 0;
    switch (kind) {
    case MOVE_TAKE:
        legal = legal && s->phase != DISCARD && s->npile > 0;
        if (legal) take(s);
        break;
    case MOVE_STOCK:
        legal = legal && s->phase != DISCARD && s->size > 0;
        if (legal) draw_stock(s);
        break;
    case MOVE_PASS:
        legal = legal && s->phase == FIRST_UPCARD;
        if (legal) pass_upcard(s);
        break;
    case MOVE_DISCARD:
    case MOVE_KNOCK:
        legal = legal && s->phase == DISCARD && card >= 0 && card < NCARDS && (s->hands[0] >> card & 1)
                && s->npile < NCARDS;
        if (legal) throw_card(s, card, kind == MOVE_KNOCK);
        break;
    case MOVE_BIG_GIN:
        legal = legal && s->phase == DISCARD;
        if (legal) end_knock(s, 0);
        break;
    default:
        legal = 0;
    }
    if (!legal) {
        PyErr_SetString(PyExc_ValueError, "the first move is not one the mover may make in this state");
        return -1;
    }
    return s->failed ? -1 : 0;
}

static const char play_worlds_doc[] =
    "play_worlds(template, kind, card, opponents, lefts, orders, start, count) -> list of int\n\n"
    "Worlds start to start + count - 1 of a decision (play_template), each played out after the mover's first\n"
    "move as tutor.play.analysis.Position.outcome plays it: player 0's net points in each. kind: 0 take, 1 stock,\n"
    "2 pass, 3 discard, 4 knock, 5 big gin (card: the card thrown, else -1); opponents and lefts: sequences of\n"
    "masks (the opponent's hand, the stock's cards), orders: a bytes object a world (both players' orders of the\n"
    "stock one after the other); world i weighs a knock on the template's slice i modulo their number.";

static PyObject *py_play_worlds(PyObject *self, PyObject *args) {
    PyObject *capsule, *opponents, *lefts, *orders;
    int kind, card;
    Py_ssize_t start, count;
    if (not_ready()) return NULL;
    if (!PyArg_ParseTuple(args, "OiiOOOnn", &capsule, &kind, &card, &opponents, &lefts, &orders, &start, &count))
        return NULL;
    Template *t = PyCapsule_GetPointer(capsule, "tutor.play._rollout.Template");
    if (!t) return NULL;
    Py_ssize_t have = PySequence_Size(orders);
    if (have < 0) return NULL;
    if (start < 0 || count < 0 || start > have - count || PySequence_Size(opponents) < start + count
        || PySequence_Size(lefts) < start + count) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the worlds asked for are not all drawn");
        return NULL;
    }
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    Sim *s = PyMem_Malloc(sizeof *s);
    if (!s) {
        Py_DECREF(out);
        return PyErr_NoMemory();
    }
    for (Py_ssize_t j = 0; j < count; j++) {
        Py_ssize_t i = start + j;
        memcpy(s, &t->sim, sizeof *s);
        PyObject *opponent = PySequence_GetItem(opponents, i), *left = PySequence_GetItem(lefts, i);
        PyObject *order = PySequence_GetItem(orders, i);
        u64 hand = 0, cards = 0;
        int bad = !opponent || !left || !order || read_u64(opponent, &hand) < 0 || read_u64(left, &cards) < 0;
        char *bytes = NULL;
        Py_ssize_t length = 0;
        if (!bad && (PyBytes_AsStringAndSize(order, &bytes, &length) < 0 || length % 2 || length > 2 * NCARDS)) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a world's orders: two of at most 52 cards");
            bad = 1;
        }
        if (!bad) {
            int half = (int)(length / 2);
            for (int k = 0; k < half && !bad; k++) {
                s->order[0][k] = (unsigned char)bytes[k];
                s->order[1][k] = (unsigned char)bytes[half + k];
                if (s->order[0][k] >= NCARDS || s->order[1][k] >= NCARDS) bad = 1;
            }
            if (bad) PyErr_SetString(PyExc_ValueError, "a world's orders: a card out of range");
            s->order_len[0] = s->order_len[1] = s->size = half;
            s->at[0] = s->at[1] = 0;
            s->left = cards;
            s->hands[1] = hand;
        }
        Py_XDECREF(opponent);
        Py_XDECREF(left);
        Py_XDECREF(order);
        const u64 deck = ((u64)1 << NCARDS) - 1;
        u64 piled = 0;
        for (int k = 0; k < s->npile; k++) piled |= (u64)1 << s->pile[k];
        if (!bad && (s->hands[1] & ~deck || s->hands[1] & (s->hands[0] | piled) || popcount(s->hands[1]) > BIG_GIN_SIZE)) {
            PyErr_SetString(PyExc_ValueError, "a world's opponent hand is not one of the deck's other cards");
            bad = 1;
        }
        if (bad || check_stock(s) < 0) goto fail;
        s->blur_key = t->blur_base + (u64)i;
        int slice = (int)(i % t->nslices);
        s->nbelief = t->slice_n[slice];
        memcpy(s->belief_share, t->slice_share + (size_t)slice * MAX_BELIEF, sizeof(double) * MAX_BELIEF);
        memcpy(s->belief_hand, t->slice_hand + (size_t)slice * MAX_BELIEF, sizeof(u64) * MAX_BELIEF);
        if (first_move(s, kind, card) < 0 || run(s) < 0) goto fail;
        PyObject *value = PyLong_FromLong(s->result);
        if (!value) goto fail;
        PyList_SET_ITEM(out, j, value);
    }
    PyMem_Free(s);
    return out;
fail:
    PyMem_Free(s);
    Py_DECREF(out);
    return NULL;
}

/* A hand's mask read from Python: cards of the deck only, at most ``most`` of them (else -1 with the error
   set): what the deadwood search and the throws rely on (their tables are indexed by card). */
static int read_hand(PyObject *arg, int most, u64 *mask) {
    if (read_u64(arg, mask) < 0) return -1;
    if (*mask & ~(((u64)1 << NCARDS) - 1) || popcount(*mask) > most) {
        PyErr_Format(PyExc_ValueError, "a hand is a mask of at most %d of the deck's 52 cards", most);
        return -1;
    }
    return 0;
}

static PyObject *py_min_deadwood(PyObject *self, PyObject *arg) {
    u64 mask;
    if (not_ready() || read_hand(arg, BIG_GIN_SIZE, &mask) < 0) return NULL;
    return PyLong_FromLong(min_deadwood(mask));
}

static PyObject *py_discard_reach(PyObject *self, PyObject *arg) {
    u64 mask, reach;
    if (not_ready() || read_hand(arg, BIG_GIN_SIZE, &mask) < 0) return NULL;
    int least = discard_reach(mask, &reach);
    return Py_BuildValue("iK", least, (unsigned long long)reach);
}

static int kept_throw_of(u64 hand, u64 keep, int partners);

/* tutor.play.analysis.kept_throw: the card of an eleven-card hand, not among ``keep``, whose throw
   leaves least deadwood (the fewest partners first when ``partners``, then the highest). */
static PyObject *py_kept_throw(PyObject *self, PyObject *args) {
    PyObject *hand_arg, *keep_arg;
    u64 hand, keep;
    int partners;
    if (!PyArg_ParseTuple(args, "OOp", &hand_arg, &keep_arg, &partners)) return NULL;
    if (not_ready() || read_hand(hand_arg, BIG_GIN_SIZE, &hand) < 0 || read_hand(keep_arg, BIG_GIN_SIZE, &keep) < 0)
        return NULL;
    if (!(hand & ~keep)) {
        PyErr_SetString(PyExc_ValueError, "a throw needs a card of the hand that is not kept");
        return NULL;
    }
    return PyLong_FromLong(kept_throw_of(hand, keep, partners));
}

/* --- The opponent's history (tutor/play/analysis.py: HistorySampler.draw, _deal, _history) ------
 * The same worlds as the Python sampler from the same random.Random: every random number is asked of
 * the Python generator (its random() and getrandbits()), in the same order, and shuffles follow
 * Python's random.shuffle (its _randbelow by getrandbits). */

#define MAX_UNSEEN NCARDS
#define REDRAWS_MAX 64

typedef struct {
    int nunseen;
    int unseen[MAX_UNSEEN];
    double weights[MAX_UNSEEN];
    double weight_of[NCARDS]; /* by card */
    double *sums;              /* (nunseen + 1) x (need + 1) */
    int need;                  /* the opponent's hidden cards */
    u64 known;                 /* the opponent's known cards */
    int rounds, turns, thrown;
    double waste;
    int nmeldable;
    u64 meldable[16];
    int stock_size;
    int has_rules, knock_limit, eager, keeps_partners;
    Policy timing; /* gin_wait, gin_wait_stock, careful_from, careful_stock */
    int redraws;
} Sampler;

static void sampler_free(PyObject *capsule) {
    Sampler *z = PyCapsule_GetPointer(capsule, "tutor.play._rollout.Sampler");
    if (z) {
        PyMem_Free(z->sums);
        PyMem_Free(z);
    }
}

/* Where random numbers come from: Python's generator (its random() and getrandbits(), called), or its
   Mersenne Twister run here from a copy of its state (the same numbers, without a call each). */
#define MT_N 624
#define MT_M 397

typedef struct {
    uint32_t state[MT_N];
    int index;
} Twister;

typedef struct {
    PyObject *random, *getrandbits; /* when twister is NULL */
    Twister *twister;
} Rng;

/* CPython's genrand_uint32 (Modules/_randommodule.c). */
static uint32_t twist(Twister *t) {
    static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
    uint32_t y, *mt = t->state;
    if (t->index >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
            mt[kk] = mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 0x1U];
        }
        y = (mt[MT_N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
        mt[MT_N - 1] = mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
        t->index = 0;
    }
    y = mt[t->index++];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

static int call_random(Rng *rng, double *out) {
    if (rng->twister) {
        uint32_t a = twist(rng->twister) >> 5, b = twist(rng->twister) >> 6;
        *out = (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
        return 0;
    }
    PyObject *r = PyObject_CallNoArgs(rng->random);
    if (!r) return -1;
    *out = PyFloat_AsDouble(r);
    Py_DECREF(r);
    if (*out == -1.0 && PyErr_Occurred()) return -1;
    return 0;
}

static int bit_length(unsigned long n) {
    int k = 0;
    while (n) {
        k++;
        n >>= 1;
    }
    return k;
}

/* random.Random._randbelow_with_getrandbits(n), 0 < n <= 2**31 */
static int randbelow(Rng *rng, long n, long *out) {
    int k = bit_length((unsigned long)n);
    if (rng->twister) {
        long value;
        do value = (long)(twist(rng->twister) >> (32 - k));
        while (value >= n);
        *out = value;
        return 0;
    }
    PyObject *bits = PyLong_FromLong(k);
    if (!bits) return -1;
    for (;;) {
        PyObject *r = PyObject_CallOneArg(rng->getrandbits, bits);
        if (!r) {
            Py_DECREF(bits);
            return -1;
        }
        long value = PyLong_AsLong(r);
        Py_DECREF(r);
        if (value == -1 && PyErr_Occurred()) {
            Py_DECREF(bits);
            return -1;
        }
        if (value < n) {
            *out = value;
            Py_DECREF(bits);
            return 0;
        }
    }
}

/* random.Random.shuffle, in place */
static int shuffle_cards(Rng *rng, int *cards, int n) {
    for (int i = n - 1; i >= 1; i--) {
        long j;
        if (randbelow(rng, i + 1, &j) < 0) return -1;
        int swap = cards[i];
        cards[i] = cards[j];
        cards[j] = swap;
    }
    return 0;
}

static int would_have_knocked(const Sampler *z, u64 hand, int stock) {
    if (!z->has_rules || !z->rounds) return 0;
    int dw = min_deadwood(hand);
    return dw <= z->knock_limit && knocks_now(&z->timing, dw, stock, z->eager);
}

static inline int stock_at(const Sampler *z, int turn) { return z->stock_size + 1 + 2 * (z->rounds - 1 - turn); }

static int kept_throw_of(u64 hand, u64 keep, int partners) {
    u64 reach;
    discard_reach(hand, &reach);
    reach &= ~keep;
    if (!reach) {
        int least = 1 << 30;
        u64 rest = hand & ~keep;
        while (rest) {
            u64 bit = rest & (~rest + 1);
            rest ^= bit;
            keep_least(min_deadwood(hand ^ bit), bit, &least, &reach);
        }
    }
    return pick(reach, hand, partners);
}

static int melded_known(const Sampler *z, u64 hand) {
    if (!z->nmeldable) return 0;
    int least = min_deadwood(hand), count = 0;
    for (int i = 0; i < z->nmeldable; i++) {
        u64 bit = z->meldable[i];
        if (min_deadwood(hand & ~bit) + VALUES[lowest(bit)] > least) count++;
    }
    return count;
}

/* _deal: the opponent's hidden cards by their weights; the rest in *rest (in the order of unseen). */
static int deal(const Sampler *z, Rng *random, u64 *hand, int *rest, int *nrest) {
    int need = z->need, width = z->need + 1;
    u64 h = z->known;
    int n = 0;
    for (int j = 0; j < z->nunseen; j++) {
        int take = 0;
        if (need) {
            double r;
            if (call_random(random, &r) < 0) return -1;
            take = r * z->sums[j * width + need] < z->weights[j] * z->sums[(j + 1) * width + need - 1];
        }
        if (take) {
            h |= (u64)1 << z->unseen[j];
            need--;
        } else {
            rest[n++] = z->unseen[j];
        }
    }
    *hand = h;
    *nrest = n;
    return 0;
}

/* _history: the turns of one history from a deal; the hand they leave, the pool updated in place. */
static int history(const Sampler *z, Rng *random, u64 *hand_io, int *pool, int npool) {
    u64 hand = *hand_io;
    int ghosts = z->waste ? z->thrown : 0;
    int candidates[MAX_UNSEEN];
    for (int turn = 0; turn < z->turns; turn++) {
        int stock = stock_at(z, turn);
        int ncand = npool;
        memcpy(candidates, pool, sizeof(int) * npool);
        for (;;) {
            double wasted = ghosts * z->waste;
            double total = 0.0;
            for (int i = 0; i < ncand; i++) total += z->weight_of[candidates[i]];
            total += wasted;
            if (total <= 0) break;
            double point;
            if (call_random(random, &point) < 0) return -1;
            point *= total;
            if (point < wasted) {
                ghosts--;
                break;
            }
            point -= wasted;
            int place = ncand - 1;
            for (int at = 0; at < ncand; at++) {
                point -= z->weight_of[candidates[at]];
                if (point < 0) {
                    place = at;
                    break;
                }
            }
            int card = candidates[place];
            u64 eleven = hand | (u64)1 << card;
            int thrown = kept_throw_of(eleven, z->known, z->keeps_partners);
            u64 kept = eleven & ~((u64)1 << thrown);
            if (!would_have_knocked(z, kept, stock)) {
                int at = 0;
                while (pool[at] != card) at++;
                memmove(&pool[at], &pool[at + 1], sizeof(int) * (npool - at - 1));
                pool[npool - 1] = thrown;
                hand = kept;
                break;
            }
            memmove(&candidates[place], &candidates[place + 1], sizeof(int) * (ncand - place - 1));
            ncand--;
        }
    }
    *hand_io = hand;
    return 0;
}

static PyObject *cards_list(const int *cards, int n) {
    PyObject *list = PyList_New(n);
    if (!list) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(cards[i]);
        if (!v) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, i, v);
    }
    return list;
}

static const char sampler_doc[] =
    "history_sampler(unseen, weights, sums, need, known, rounds, thrown, waste, meldable, stock_size, rules, timing,"
    " eager, keeps_partners, redraws) -> a sampler for history_draw\n\n"
    "rules: None or the knock limit; timing: (gin_wait, gin_wait_stock, careful_from, careful_stock).";

static PyObject *py_history_sampler(PyObject *self, PyObject *args) {
    PyObject *unseen, *weights, *sums, *meldable, *rules, *timing;
    unsigned long long known;
    int need, rounds, thrown, stock_size, eager, keeps_partners, redraws;
    double waste;
    if (not_ready()) return NULL;
    if (!PyArg_ParseTuple(args, "OOOiKiidOiOOppi", &unseen, &weights, &sums, &need, &known, &rounds, &thrown, &waste,
                          &meldable, &stock_size, &rules, &timing, &eager, &keeps_partners, &redraws))
        return NULL;
    Sampler *z = PyMem_Calloc(1, sizeof(Sampler));
    if (!z) return PyErr_NoMemory();
    PyObject *capsule = PyCapsule_New(z, "tutor.play._rollout.Sampler", sampler_free);
    if (!capsule) {
        PyMem_Free(z);
        return NULL;
    }
    if ((z->nunseen = read_ints(unseen, z->unseen, NCARDS, "the unseen cards")) < 0) goto fail;
    PyObject *fast = PySequence_Fast(weights, "the weights");
    if (!fast) goto fail;
    if (PySequence_Fast_GET_SIZE(fast) != z->nunseen) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "one weight for each unseen card");
        goto fail;
    }
    for (int i = 0; i < z->nunseen; i++) {
        z->weights[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
        z->weight_of[z->unseen[i]] = z->weights[i];
    }
    Py_DECREF(fast);
    if (PyErr_Occurred()) goto fail;
    if (need < 0 || need > z->nunseen || redraws < 1 || redraws > REDRAWS_MAX) {
        PyErr_SetString(PyExc_ValueError, "the sampler's counts are out of range");
        goto fail;
    }
    z->need = need;
    z->sums = PyMem_Calloc((size_t)(z->nunseen + 1) * (need + 1), sizeof(double));
    if (!z->sums) {
        PyErr_NoMemory();
        goto fail;
    }
    fast = PySequence_Fast(sums, "the subset sums");
    if (!fast) goto fail;
    if (PySequence_Fast_GET_SIZE(fast) != z->nunseen + 1) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "the subset sums: one row for each unseen card and one more");
        goto fail;
    }
    for (int j = 0; j <= z->nunseen; j++) {
        PyObject *row = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, j), "a row of subset sums");
        if (!row) {
            Py_DECREF(fast);
            goto fail;
        }
        if (PySequence_Fast_GET_SIZE(row) != need + 1) {
            Py_DECREF(row);
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "a row of subset sums: one for each count up to the hidden cards");
            goto fail;
        }
        for (int m = 0; m <= need; m++) z->sums[j * (need + 1) + m] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(row, m));
        Py_DECREF(row);
    }
    Py_DECREF(fast);
    if (PyErr_Occurred()) goto fail;
    z->known = known;
    z->rounds = rounds;
    z->turns = need ? rounds : 0;
    z->thrown = thrown;
    z->waste = waste;
    fast = PySequence_Fast(meldable, "the meldable cards");
    if (!fast) goto fail;
    z->nmeldable = (int)PySequence_Fast_GET_SIZE(fast);
    if (z->nmeldable > 16) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "at most 16 meldable known cards");
        goto fail;
    }
    for (int i = 0; i < z->nmeldable; i++) {
        if (read_u64(PySequence_Fast_GET_ITEM(fast, i), &z->meldable[i]) < 0) {
            Py_DECREF(fast);
            goto fail;
        }
    }
    Py_DECREF(fast);
    z->stock_size = stock_size;
    z->has_rules = rules != Py_None;
    if (z->has_rules && read_int(rules, &z->knock_limit) < 0) goto fail;
    if (!PyArg_ParseTuple(timing, "iiii", &z->timing.gin_wait, &z->timing.gin_wait_stock, &z->timing.careful_from,
                          &z->timing.careful_stock))
        goto fail;
    z->eager = eager;
    z->keeps_partners = keeps_partners;
    z->redraws = redraws;
    return capsule;
fail:
    Py_DECREF(capsule);
    return NULL;
}

/* HistorySampler.draw: one world, the opponent's hand and the stock (shuffled) in *pool; *deals counts the
   deals made (a history that does not fit is dealt again). */
static int history_world(const Sampler *z, Rng *rng, u64 *hand_out, int *best_pool, int *best_npool, long *deals) {
    int good_deal = z->nmeldable + 1, perfect = 2 * z->nmeldable + 1;
    int best_score = -1, found = 0;
    u64 best_hand = 0;
    int pool[MAX_UNSEEN], npool;
    for (int attempt = 0; attempt < z->redraws; attempt++) {
        u64 hand;
        (*deals)++;
        if (deal(z, rng, &hand, pool, &npool) < 0) return -1;
        int dealt_well = !(z->turns && would_have_knocked(z, hand, stock_at(z, 0)));
        if (!dealt_well && best_score >= good_deal) continue;
        if (history(z, rng, &hand, pool, npool) < 0) return -1;
        int score = good_deal * dealt_well + melded_known(z, hand);
        if (score == perfect) {
            best_hand = hand;
            memcpy(best_pool, pool, sizeof(int) * npool);
            *best_npool = npool;
            found = 1;
            break;
        }
        if (score > best_score) {
            best_hand = hand;
            memcpy(best_pool, pool, sizeof(int) * npool);
            *best_npool = npool;
            best_score = score;
            found = 1;
        }
    }
    if (!found) {
        PyErr_SetString(PyExc_RuntimeError, "no history was drawn");
        return -1;
    }
    *hand_out = best_hand;
    return shuffle_cards(rng, best_pool, *best_npool);
}

static PyObject *py_history_draw(PyObject *self, PyObject *args) {
    PyObject *capsule, *random, *getrandbits;
    if (!PyArg_ParseTuple(args, "OOO", &capsule, &random, &getrandbits)) return NULL;
    Sampler *z = PyCapsule_GetPointer(capsule, "tutor.play._rollout.Sampler");
    if (!z) return NULL;
    Rng rng = {random, getrandbits, NULL};
    u64 best_hand;
    int best_pool[MAX_UNSEEN], best_npool = 0;
    long deals = 0;
    if (history_world(z, &rng, &best_hand, best_pool, &best_npool, &deals) < 0) return NULL;
    PyObject *stock = cards_list(best_pool, best_npool);
    if (!stock) return NULL;
    PyObject *hand = PyLong_FromUnsignedLongLong(best_hand);
    if (!hand) {
        Py_DECREF(stock);
        return NULL;
    }
    return Py_BuildValue("(NN)", hand, stock);
}

static PyObject *py_shuffled(PyObject *self, PyObject *args) {
    PyObject *cards, *getrandbits;
    int out[NCARDS];
    if (!PyArg_ParseTuple(args, "OO", &cards, &getrandbits)) return NULL;
    Rng rng = {NULL, getrandbits, NULL};
    int n = read_ints(cards, out, NCARDS, "the cards");
    if (n < 0 || shuffle_cards(&rng, out, n) < 0) return NULL;
    return cards_list(out, n);
}

/* A Twister from random.Random.getstate()'s internal state (624 words and the index). */
static int read_twister(PyObject *state, Twister *t) {
    PyObject *fast = PySequence_Fast(state, "the generator's state");
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != MT_N + 1) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "the generator's state: 624 words and an index");
        return -1;
    }
    for (int i = 0; i <= MT_N; i++) {
        unsigned long v = PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(fast, i));
        if ((v == (unsigned long)-1 && PyErr_Occurred()) || (i < MT_N && v > 0xFFFFFFFFUL) || (i == MT_N && v > MT_N)) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "the generator's state is out of range");
            return -1;
        }
        if (i < MT_N)
            t->state[i] = (uint32_t)v;
        else
            t->index = (int)v;
    }
    Py_DECREF(fast);
    return 0;
}

static PyObject *twister_state(const Twister *t) {
    PyObject *out = PyTuple_New(MT_N + 1);
    if (!out) return NULL;
    for (int i = 0; i <= MT_N; i++) {
        PyObject *v = PyLong_FromUnsignedLong(i < MT_N ? t->state[i] : (unsigned long)t->index);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

static const char draw_hands_doc[] =
    "draw_hands(sampler, state, count, deals) -> (state, hands)\n\n"
    "Up to count opponent hands as HistorySampler.draw draws them one at a time from a random.Random whose\n"
    "getstate() internal state is ``state`` (each world's stock drawn and shuffled too, and left out), by its\n"
    "Mersenne Twister run here, no more once ``deals`` deals have been made: the state after them, and the hands.";

static PyObject *py_draw_hands(PyObject *self, PyObject *args) {
    PyObject *capsule, *state;
    Py_ssize_t count;
    long most;
    if (!PyArg_ParseTuple(args, "OOnl", &capsule, &state, &count, &most)) return NULL;
    Sampler *z = PyCapsule_GetPointer(capsule, "tutor.play._rollout.Sampler");
    if (!z) return NULL;
    if (count < 0 || count > 1 << 24) {
        PyErr_SetString(PyExc_ValueError, "the hands to draw: from 0 to 2**24");
        return NULL;
    }
    Twister *t = PyMem_Malloc(sizeof *t);
    if (!t) return PyErr_NoMemory();
    if (read_twister(state, t) < 0) {
        PyMem_Free(t);
        return NULL;
    }
    Rng rng = {NULL, NULL, t};
    PyObject *hands = PyList_New(0), *out = NULL;
    if (!hands) goto done;
    long deals = 0;
    for (Py_ssize_t i = 0; i < count && (i == 0 || deals < most); i++) {
        u64 hand;
        int pool[MAX_UNSEEN], npool = 0;
        if (history_world(z, &rng, &hand, pool, &npool, &deals) < 0) goto done;
        PyObject *h = PyLong_FromUnsignedLongLong(hand);
        if (!h) goto done;
        int failed = PyList_Append(hands, h);
        Py_DECREF(h);
        if (failed < 0) goto done;
    }
    PyObject *after = twister_state(t);
    if (after) out = Py_BuildValue("(NO)", after, hands);
done:
    Py_XDECREF(hands);
    PyMem_Free(t);
    return out;
}

static const char counts_doc[] =
    "card_counts(hands, fed) -> 52 counts: for each card, in how many of the hands (masks) it is, or (fed) how many\n"
    "hold two cards that make a meld with it (tutor.play.simulate.fed_by).";

static PyObject *py_card_counts(PyObject *self, PyObject *args) {
    PyObject *hands;
    int fed;
    if (not_ready()) return NULL;
    if (!PyArg_ParseTuple(args, "Op", &hands, &fed)) return NULL;
    PyObject *fast = PySequence_Fast(hands, "the hands");
    if (!fast) return NULL;
    long counts[NCARDS] = {0};
    const u64 deck = ((u64)1 << NCARDS) - 1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    for (Py_ssize_t i = 0; i < n; i++) {
        u64 hand;
        if (read_u64(PySequence_Fast_GET_ITEM(fast, i), &hand) < 0 || hand & ~deck) {
            Py_DECREF(fast);
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a hand is a mask of the deck's 52 cards");
            return NULL;
        }
        u64 cards = hand;
        if (fed) { /* tutor.play.simulate.fed_by: every pair of the hand's cards, and what completes it */
            cards = 0;
            for (u64 rest = hand; rest; rest &= rest - 1) {
                int a = lowest(rest);
                for (u64 more = rest & (rest - 1); more; more &= more - 1) cards |= COMPLETES[a][lowest(more)];
            }
        }
        while (cards) {
            counts[lowest(cards)]++;
            cards &= cards - 1;
        }
    }
    Py_DECREF(fast);
    PyObject *out = PyTuple_New(NCARDS);
    if (!out) return NULL;
    for (int card = 0; card < NCARDS; card++) {
        PyObject *v = PyLong_FromLong(counts[card]);
        if (!v) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, card, v);
    }
    return out;
}

static const char draw_worlds_doc[] =
    "draw_worlds(sampler, state, count) -> (state, hands, lefts, orders)\n\n"
    "count worlds as tutor.play.analysis.Position.world draws them one at a time from a random.Random whose\n"
    "getstate() internal state is ``state`` (a history_draw, then the stock shuffled again for the second player),\n"
    "by its Mersenne Twister run here: the state after them, and each world's opponent hand, the stock's cards\n"
    "(a mask) and both orders of the stock as bytes, one after the other.";

static PyObject *py_draw_worlds(PyObject *self, PyObject *args) {
    PyObject *capsule, *state;
    Py_ssize_t count;
    if (!PyArg_ParseTuple(args, "OOn", &capsule, &state, &count)) return NULL;
    Sampler *z = PyCapsule_GetPointer(capsule, "tutor.play._rollout.Sampler");
    if (!z) return NULL;
    if (count < 0 || count > 1 << 24) {
        PyErr_SetString(PyExc_ValueError, "the worlds to draw: from 0 to 2**24");
        return NULL;
    }
    Twister *t = PyMem_Malloc(sizeof *t);
    if (!t) return PyErr_NoMemory();
    if (read_twister(state, t) < 0) {
        PyMem_Free(t);
        return NULL;
    }
    Rng rng = {NULL, NULL, t};
    PyObject *hands = PyList_New(count), *lefts = PyList_New(count), *orders = PyList_New(count), *out = NULL;
    if (!hands || !lefts || !orders) goto done;
    for (Py_ssize_t i = 0; i < count; i++) {
        u64 hand, left = 0;
        int pool[MAX_UNSEEN], npool = 0;
        unsigned char bytes[2 * MAX_UNSEEN];
        long deals = 0;
        if (history_world(z, &rng, &hand, pool, &npool, &deals) < 0) goto done;
        for (int k = 0; k < npool; k++) {
            bytes[k] = (unsigned char)pool[k];
            left |= (u64)1 << pool[k];
        }
        if (shuffle_cards(&rng, pool, npool) < 0) goto done;
        for (int k = 0; k < npool; k++) bytes[npool + k] = (unsigned char)pool[k];
        PyObject *h = PyLong_FromUnsignedLongLong(hand), *l = PyLong_FromUnsignedLongLong(left);
        PyObject *o = PyBytes_FromStringAndSize((const char *)bytes, 2 * npool);
        if (!h || !l || !o) {
            Py_XDECREF(h);
            Py_XDECREF(l);
            Py_XDECREF(o);
            goto done;
        }
        PyList_SET_ITEM(hands, i, h);
        PyList_SET_ITEM(lefts, i, l);
        PyList_SET_ITEM(orders, i, o);
    }
    PyObject *after = twister_state(t);
    if (after) out = Py_BuildValue("(NOOO)", after, hands, lefts, orders);
done:
    Py_XDECREF(hands);
    Py_XDECREF(lefts);
    Py_XDECREF(orders);
    PyMem_Free(t);
    return out;
}

static int read_table(PyObject *seq, int *out, int n, const char *what) {
    PyObject *fast = PySequence_Fast(seq, what);
    if (!fast) return -1;
    if (PySequence_Fast_GET_SIZE(fast) != n) {
        Py_DECREF(fast);
        PyErr_Format(PyExc_ValueError, "%s: %d values expected", what, n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        if (read_int(PySequence_Fast_GET_ITEM(fast, i), &out[i]) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static const char setup_doc[] =
    "setup(run_deadwood, run_melded, drop_gain, drop_best, values, highest, by_value, partners, meld_pairs,"
    " constants) -> None\n\n"
    "The tables and constants of tutor.engine.melds and tutor.play.simulate, read once. constants:\n"
    "(max_moves, take_gain, wall_chances, stock_after_deal, feed_worry, strong_feed).";

static PyObject *py_setup(PyObject *self, PyObject *args) {
    PyObject *run_deadwood, *run_melded, *drop_gain, *drop_best, *values, *highest, *by_value, *partners, *pairs,
        *constants;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOO", &run_deadwood, &run_melded, &drop_gain, &drop_best, &values, &highest,
                          &by_value, &partners, &pairs, &constants))
        return NULL;
    if (read_table(run_deadwood, RUN_DW, PATTERNS, "run_deadwood") < 0
        || read_table(run_melded, RUN_MELDED, PATTERNS, "run_melded") < 0
        || read_table(drop_gain, DROP_GAIN, PATTERNS, "drop_gain") < 0
        || read_table(drop_best, DROP_BEST, PATTERNS, "drop_best") < 0
        || read_table(values, VALUES, NCARDS, "values") < 0 || read_table(highest, HIGHEST, NCARDS, "highest") < 0
        || read_table(by_value, BY_VALUE, NCARDS, "by_value") < 0)
        return NULL;
    PyObject *fast = PySequence_Fast(partners, "partners");
    if (!fast) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != NCARDS) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "partners: 52 masks expected");
        return NULL;
    }
    for (int i = 0; i < NCARDS; i++) {
        if (read_u64(PySequence_Fast_GET_ITEM(fast, i), &PARTNERS[i]) < 0) {
            Py_DECREF(fast);
            return NULL;
        }
    }
    Py_DECREF(fast);
    fast = PySequence_Fast(pairs, "meld_pairs");
    if (!fast) return NULL;
    if (PySequence_Fast_GET_SIZE(fast) != NCARDS) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "meld_pairs: 52 tuples expected");
        return NULL;
    }
    for (int i = 0; i < NCARDS; i++) {
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, i), "meld_pairs");
        if (!inner) {
            Py_DECREF(fast);
            return NULL;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(inner);
        if (n > MAX_PAIRS) {
            Py_DECREF(inner);
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "meld_pairs: too many pairs for one card");
            return NULL;
        }
        for (Py_ssize_t j = 0; j < n; j++) {
            if (read_u64(PySequence_Fast_GET_ITEM(inner, j), &MELD_PAIRS[i][j]) < 0) {
                Py_DECREF(inner);
                Py_DECREF(fast);
                return NULL;
            }
        }
        N_PAIRS[i] = (int)n;
        Py_DECREF(inner);
    }
    Py_DECREF(fast);
    if (!PyArg_ParseTuple(constants, "iiiidd", &MAX_MOVES, &TAKE_GAIN, &WALL_CHANCES, &STOCK_AFTER_DEAL, &FEED_WORRY,
                          &STRONG_FEED))
        return NULL;
    for (int r = 0; r < SUIT_BITS; r++) {
        RANK_COLUMN[r] = 0;
        for (int suit = 0; suit < 4; suit++) RANK_COLUMN[r] |= (u64)1 << (suit * SUIT_BITS + r);
    }
    memset(COMPLETES, 0, sizeof COMPLETES);
    for (int card = 0; card < NCARDS; card++)
        for (int k = 0; k < N_PAIRS[card]; k++) {
            u64 pair = MELD_PAIRS[card][k];
            int a = lowest(pair), b = 63 - __builtin_clzll(pair);
            if (a >= NCARDS || b >= NCARDS) continue;
            COMPLETES[a][b] |= (u64)1 << card;
            COMPLETES[b][a] |= (u64)1 << card;
        }
    ready = 1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"setup", py_setup, METH_VARARGS, setup_doc},
    {"play_out", py_play_out, METH_VARARGS, play_out_doc},
    {"play_template", py_play_template, METH_VARARGS, template_doc},
    {"play_worlds", py_play_worlds, METH_VARARGS, play_worlds_doc},
    {"min_deadwood", py_min_deadwood, METH_O, "min_deadwood(mask) -> the least deadwood of the hand."},
    {"history_sampler", py_history_sampler, METH_VARARGS, sampler_doc},
    {"history_draw", py_history_draw, METH_VARARGS,
     "history_draw(sampler, random, getrandbits) -> (the opponent's hand, the stock shuffled): HistorySampler.draw."},
    {"draw_worlds", py_draw_worlds, METH_VARARGS, draw_worlds_doc},
    {"draw_hands", py_draw_hands, METH_VARARGS, draw_hands_doc},
    {"card_counts", py_card_counts, METH_VARARGS, counts_doc},
    {"shuffled", py_shuffled, METH_VARARGS,
     "shuffled(cards, getrandbits) -> a new list, shuffled as random.Random.shuffle shuffles it."},
    {"kept_throw", py_kept_throw, METH_VARARGS,
     "kept_throw(hand, keep, partners) -> the card thrown (tutor.play.analysis.kept_throw)."},
    {"knocker_gain", py_knocker_gain, METH_VARARGS,
     "knocker_gain(knocker, defender, scoring) -> the knocker's points (tutor.engine.scoring.knocker_gain, under a\n"
     "ruleset where the knocker picks its arrangement and the defender may break its melds)."},
    {"discard_reach", py_discard_reach, METH_O,
     "discard_reach(mask) -> (least deadwood after one discard, the discards that leave it)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_rollout",
    "The analysis' play-outs in C (a translation of tutor.play.simulate, checked against it).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__rollout(void) { return PyModule_Create(&module); }
