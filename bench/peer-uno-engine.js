// peer-uno-engine.js — plays G random games of the npm package `uno-engine`
// (github.com/danguilherme/uno) with the same random policy as `uno sim
// --bots random` (docs/sim.md "The random policy"), on one core, and prints
// one line: "peer games=G players=N seconds=S games_per_s=R turns_per_s=T
// actions_per_s=A cpu_games_per_s=C". An action is one call that changes
// the game (play, draw, pass), as `uno sim` counts the actions it applies.
//
// usage: node peer-uno-engine.js GAMES PLAYERS   (run from a folder whose
// node_modules holds uno-engine; bench/peer.sh sets that up). The line ends
// with cpu_games_per_s: the same rate by the process's CPU time.
//
// The policy, as in `uno sim`: the player in turn picks uniformly one of the
// distinct playable cards of their hand (colour + value; a Wild or Wild Draw
// 4 is one choice each) and names a uniform colour for a Wild; with nothing
// playable they draw one card and play it if it can be played, else pass.
// Nobody calls or catches UNO (in `uno sim` the random bot says UNO with its
// play, so no penalty is ever drawn either). uno-engine's own rules stand
// otherwise (its Wild Draw 4 is always playable, as under MyUNO's bluff).
'use strict';

const { Game, colors } = require('uno-engine');

function pick(n) {
    return Math.floor(Math.random() * n);
}

// Distinct playable cards of the hand (uno-engine's Card#matches).
function playable(hand, top) {
    const seen = new Set();
    const out = [];
    for (const c of hand) {
        if (!c.isWildCard() && c.color !== top.color && c.value !== top.value)
            continue;
        const key = c.isWildCard() ? c.value * 8 : c.value * 8 + c.color;
        if (seen.has(key))
            continue;
        seen.add(key);
        out.push(c);
    }
    return out;
}

function play(game, card) {
    if (card.isWildCard())
        card.color = colors[pick(colors.length)];
    const player = game.currentPlayer;
    game.play(card);
    return player.hand.length === 0;
}

// One game; adds the turns and actions it took to count.
function oneGame(names, count) {
    const game = new Game(names);
    for (;;) {
        count.turns++;
        count.actions++;
        const player = game.currentPlayer;
        const options = playable(player.hand, game.discardedCard);
        if (options.length > 0) {
            if (play(game, options[pick(options.length)]))
                return;
            continue;
        }
        game.draw();
        count.actions++;
        const drawn = player.hand[player.hand.length - 1];
        if (drawn.isWildCard() || drawn.matches(game.discardedCard)) {
            if (play(game, drawn))
                return;
        } else {
            game.pass();
        }
    }
}

function main() {
    const games = parseInt(process.argv[2] || '20000', 10);
    const players = parseInt(process.argv[3] || '4', 10);
    const names = [];
    for (let i = 0; i < players; i++)
        names.push('P' + (i + 1));
    for (let i = 0; i < Math.min(games, 2000); i++) // warm the JIT up
        oneGame(names, { turns: 0, actions: 0 });
    const count = { turns: 0, actions: 0 };
    const start = process.hrtime.bigint(), cpu0 = process.cpuUsage();
    for (let i = 0; i < games; i++)
        oneGame(names, count);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const cpu = process.cpuUsage(cpu0), cpuSeconds = (cpu.user + cpu.system) / 1e6;
    console.log(`peer games=${games} players=${players} seconds=${seconds.toFixed(3)} ` +
        `games_per_s=${Math.round(games / seconds)} turns_per_s=${Math.round(count.turns / seconds)} ` +
        `actions_per_s=${Math.round(count.actions / seconds)} ` +
        `cpu_games_per_s=${Math.round(games / cpuSeconds)}`);
}

main();
