// King Up!'s board: the castle as a picture (six floors and the throne, the characters as
// tokens, your objective's characters marked), the moves as buttons on the picture (legal
// ones highlighted), the vote as cards, the seats, the round scores and, once a round is
// scored, every objective of that round. It draws only from the state the worker posts:
// the human seat's view and the events redacted for it. The characters' names and the
// floors' names, points and room are the engine's (`KingUpGame.vocabulary()`, as
// `state.vocabulary`), and so are the No cards each seat has left (`no_cards` in the view).

const made = new WeakMap();

/** The pieces of a vocabulary: `names` by letter, the `letters` in id order, the `floors`
 * bottom to top (name, points, capacity). Made once per vocabulary. */
export function piecesOf(vocabulary) {
  if (!made.has(vocabulary)) {
    const names = Object.fromEntries(vocabulary.characters.map((c) => [c.letter, c.name]));
    made.set(vocabulary, { names, letters: Object.keys(names), floors: vocabulary.floors });
  }
  return made.get(vocabulary);
}

// The character the human picked to place (placement is two clicks: character, floor).
let picked = null;

export function render(root, state, act) {
  const view = state.view;
  const pub = view.public;
  const pieces = piecesOf(state.vocabulary);
  const moves = parseMoves(state.legal);
  if (!moves.place.has(picked)) picked = moves.place.keys().next().value ?? null;
  const mine = objectiveOf(pub, view.objective_card);
  // The characters the last step moved (the bots' moves are shown one at a time).
  const moved = new Set(state.events.filter((e) => e.type === "placed" || e.type === "climbed").map((e) => e.character));

  root.className = "kingup-board";
  root.onkeydown = (event) => typed(event, root, state, moves, act);
  root.replaceChildren(
    el("div", { class: "kingup-top" }, [objectivePanel(pieces, mine), seatsPanel(state)]),
    placementPanel(pieces, state, moves, mine, act),
    votePanel(pieces, state, moves, act),
    castle(pieces, state, moves, mine, moved, act),
    scoresPanel(pieces, state),
  );
}

// Moves typed in the notation while the board has the focus: a character's letter picks it
// (placement) or climbs it (the climb); a digit 1–4 places the picked character there.
function typed(event, root, state, moves, act) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key.toUpperCase();
  let done = true;
  if (moves.place.has(key)) {
    picked = key;
    render(root, state, act);
    root.querySelector(`button.pick[data-character="${key}"]`)?.focus();
  } else if (moves.climb.has(key)) act(moves.climb.get(key));
  else if (picked !== null && moves.place.get(picked)?.has(Number(key))) act(moves.place.get(picked).get(Number(key)));
  else done = false;
  if (done) {
    event.preventDefault();
    event.stopPropagation();
  }
}

// Moves by notation: "B4" places B on floor 4, "B" climbs B, "yes"/"no" vote.
function parseMoves(legal) {
  const place = new Map(); // letter → Map(floor → index)
  const climb = new Map(); // letter → index
  const vote = new Map(); // "yes"/"no" → index
  for (const { index, name } of legal) {
    if (name === "yes" || name === "no") vote.set(name, index);
    else if (name.length === 2) {
      if (!place.has(name[0])) place.set(name[0], new Map());
      place.get(name[0]).set(Number(name[1]), index);
    } else climb.set(name, index);
  }
  return { place, climb, vote };
}

function objectiveOf(pub, card) {
  return card === null || card === undefined ? "" : pub.config.deck[card] || "";
}

// ---- the panels ----

function objectivePanel(pieces, mine) {
  const box = el("section", { class: "objective", "aria-label": "Your objective" }, [el("h3", {}, "Your objective")]);
  if (!mine) {
    box.append(el("p", {}, "Not dealt yet."));
    return box;
  }
  box.append(
    el("p", { class: "objective-card", "data-objective": "mine" }, [...mine].map((c) => token(pieces, c, { mine: true }))),
    el("p", { class: "hint" }, "★ marks your characters in the castle."),
  );
  return box;
}

function seatsPanel(state) {
  const pub = state.view.public;
  const rows = [];
  for (let seat = 0; seat < state.players; seat++) {
    const marks = [];
    if (pub.crown === seat) marks.push(el("span", { class: "mark crown", title: "holds the crown" }, "♛"));
    if (pub.first_player === seat) marks.push(el("span", { class: "mark first", title: "first player this round" }, "1st"));
    if (pub.voted.includes(seat)) marks.push(el("span", { class: "vote-card back", title: "has voted" }, "🂠"));
    const row = el("li", { class: "seat", "data-seat": seat }, [
      el("span", { class: "seat-name" }, seat === state.seat ? `Seat ${seat + 1} (you)` : `Seat ${seat + 1} (${state.bots?.[seat] ?? "bot"})`),
      ...marks,
      el("span", { class: "no-left", title: "No cards left" }, `No ×${pub.no_cards[seat]}`),
    ]);
    if (state.toMove === seat && !state.over) row.classList.add("to-move");
    rows.push(row);
  }
  return el("section", { class: "seats", "aria-label": "Seats" }, [el("h3", {}, "Seats"), el("ol", {}, rows)]);
}

function castle(pieces, state, moves, mine, moved, act) {
  const { names, floors: levels } = pieces;
  const top = levels.length - 1;
  const pub = state.view.public;
  const floors = pub.castle.floors;
  const placing = pub.phase === "placement" && picked !== null;
  const rows = [];
  for (let floor = top; floor >= 0; floor--) {
    const { name, points, capacity } = levels[floor];
    const slots = [...floors[floor]].map((c) => {
      const index = moves.climb.get(c);
      const options = { mine: mine.includes(c), candidate: floor === top && pub.phase === "vote", moved: moved.has(c) };
      return index === undefined ? token(pieces, c, options) : moveButton(index, act, token(pieces, c, options), `Climb ${names[c]} to the ${levels[floor + 1].name}`);
    });
    for (let free = floors[floor].length; free < capacity; free++) slots.push(el("span", { class: "slot" }));
    const row = el("li", { class: `floor floor-${floor}`, "data-floor": floor }, [
      el("span", { class: "floor-name" }, [el("b", {}, floor === top ? name : `${floor} ${name}`), el("small", {}, `${points} pt`)]),
      el("span", { class: "slots" }, slots),
    ]);
    const index = placing ? moves.place.get(picked)?.get(floor) : undefined;
    if (index !== undefined) {
      row.append(moveButton(index, act, `Place ${picked} here`, `Place ${names[picked]} on the ${name} (floor ${floor})`));
    }
    rows.push(row);
  }
  const eliminated = pub.castle.eliminated;
  return el("section", { class: "castle", "aria-label": "The castle" }, [
    el("ol", { class: "floors", reversed: "" }, rows),
    el("p", { class: "eliminated" }, eliminated ? ["Eliminated: ", ...[...eliminated].map((c) => token(pieces, c, { mine: mine.includes(c), out: true }))] : ""),
  ]);
}

function placementPanel(pieces, state, moves, mine, act) {
  const pub = state.view.public;
  if (pub.phase !== "placement") return el("div", { hidden: "" });
  const inside = pub.castle.floors.join("") + pub.castle.eliminated;
  const waiting = pieces.letters.filter((c) => !inside.includes(c));
  const buttons = waiting.map((c) => {
    if (!moves.place.has(c)) return token(pieces, c, { mine: mine.includes(c) });
    const button = el("button", { type: "button", class: "pick", "data-character": c, "aria-pressed": String(c === picked), title: `Pick ${pieces.names[c]} to place` }, token(pieces, c, { mine: mine.includes(c) }));
    button.addEventListener("click", () => {
      picked = c;
      render(button.closest(".kingup-board"), state, act);
      document.querySelector(`.kingup-board button[data-character="${c}"]`)?.focus();
    });
    return button;
  });
  const hint = moves.place.size ? "Pick a character, then a floor (1 to 4) to place it on." : "Characters still to place.";
  return el("section", { class: "placement", "aria-label": "Characters to place" }, [el("h3", {}, "To place"), el("p", { class: "hint" }, hint), el("div", { class: "waiting" }, buttons)]);
}

function votePanel(pieces, state, moves, act) {
  const pub = state.view.public;
  if (pub.phase !== "vote") return el("div", { hidden: "" });
  const { names } = pieces;
  const candidate = pub.castle.floors.at(-1);
  const cards = [];
  const mineVote = state.view.vote;
  for (const [name, label] of [["yes", "Yes"], ["no", "No"]]) {
    const index = moves.vote.get(name);
    const card = el("span", { class: `vote-card ${name}` }, label);
    cards.push(index === undefined ? card : moveButton(index, act, card, `Vote ${label} on ${names[candidate]}`));
  }
  const left = pub.no_cards[state.seat];
  return el("section", { class: "vote", "aria-label": "The vote" }, [
    el("h3", {}, `The vote: ${names[candidate] ?? "?"} for King?`),
    el("div", { class: "vote-cards" }, cards),
    el("p", { class: "hint" }, mineVote ? `You voted ${mineVote === "yes" ? "Yes" : "No"}.` : `One No eliminates the candidate. You have ${left} No card${left === 1 ? "" : "s"} left.`),
  ]);
}

function scoresPanel(pieces, state) {
  const pub = state.view.public;
  const head = el("tr", {}, [el("th", {}, "Round"), ...seats(state).map((s) => el("th", { scope: "col" }, s === state.seat ? "You" : `Seat ${s + 1}`))]);
  const body = [];
  for (let round = 0; round < pub.config.rounds; round++) {
    const scored = round < pub.rounds_scored;
    const cells = seats(state).map((seat) => {
      const points = pub.scores[round][seat];
      const card = pub.revealed[round][seat];
      const objective = scored && card !== null ? el("span", { class: "revealed", "data-revealed": `${round}-${seat}`, title: [...pub.config.deck[card]].map((c) => pieces.names[c]).join(", ") }, pub.config.deck[card]) : "";
      return el("td", {}, scored ? [el("b", {}, String(points)), objective] : "–");
    });
    body.push(el("tr", {}, [el("th", { scope: "row" }, String(round + 1)), ...cells]));
  }
  const winners = state.winners ?? [];
  body.push(el("tr", { class: "totals" }, [el("th", { scope: "row" }, "Total"), ...pub.totals.map((t, seat) => el("td", { class: winners.includes(seat) ? "winner" : "" }, [el("b", {}, String(t)), winners.includes(seat) ? " ♛" : ""]))]));
  const caption = state.over ? `Final scores — ${winners.map((s) => (s === state.seat ? "you" : `Seat ${s + 1}`)).join(" and ")} won` : "Scores (objectives are shown when their round is scored)";
  return el("section", { class: "scores", "aria-label": "Scores" }, [el("table", {}, [el("caption", {}, caption), el("thead", {}, head), el("tbody", {}, body)])]);
}

function seats(state) {
  return Array.from({ length: state.players }, (_, i) => i);
}

// ---- pieces ----

function token(pieces, c, { mine = false, candidate = false, out = false, moved = false } = {}) {
  const name = pieces.names[c];
  const classes = ["token", `c-${c}`, mine ? "mine" : "", candidate ? "candidate" : "", out ? "out" : "", moved ? "moved" : ""].filter(Boolean).join(" ");
  return el("span", { class: classes, "data-character": c, title: name + (mine ? " (your objective)" : "") }, [
    el("span", { class: "initial" }, c),
    el("span", { class: "name" }, name),
    mine ? el("span", { class: "star", "aria-label": "yours" }, "★") : "",
  ]);
}

function moveButton(index, act, content, label) {
  const button = el("button", { type: "button", class: "move legal", "data-action": index, "aria-label": label, title: label }, content);
  button.addEventListener("click", () => act(index));
  return button;
}

function el(tag, attributes = {}, children = []) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  node.append(...[children].flat().filter((c) => c !== null && c !== undefined && c !== ""));
  return node;
}

// ---- words for the status line and the log ----

export function status(state) {
  const pub = state.view.public;
  if (state.over) {
    const winners = state.winners ?? [];
    return `${winners.map((s) => (s === state.seat ? "you" : `Seat ${s + 1}`)).join(" and ")} won with ${pub.totals[winners[0]]} points`;
  }
  const round = `round ${pub.round + 1} of ${pub.config.rounds}`;
  const candidate = piecesOf(state.vocabulary).names[pub.castle.floors.at(-1)];
  const phase = { placement: "placement", climb: "the climb", vote: `the vote on ${candidate ?? "?"}`, score: "scoring", game_over: "game over" }[pub.phase] ?? pub.phase;
  return `${round}, ${phase}`;
}

export function describe(event, state) {
  const who = (seat) => (seat === state.seat ? "You" : `Seat ${seat + 1}`);
  const whom = (seat) => (seat === state.seat ? "you" : `Seat ${seat + 1}`);
  const { names, floors } = piecesOf(state.vocabulary);
  const name = (c) => names[c] ?? c;
  const top = floors.length - 1;
  switch (event.type) {
    case "first_player_chosen":
      return `${who(event.seat)} will start.`;
    case "objective_dealt":
      return event.card === null ? `${who(event.seat)} got an objective card.` : `You got your objective: ${[...state.view.public.config.deck[event.card]].map(name).join(", ")}.`;
    case "laid_out":
      return `${name(event.character)} was laid out on floor ${event.floor}.`;
    case "round_started":
      return `Round ${event.round + 1} begins; ${whom(event.first_player)} ${event.first_player === state.seat ? "play" : "plays"} first.`;
    case "placed":
      return `${who(event.seat)} placed ${name(event.character)} on floor ${event.floor} (${floors[event.floor].name}).`;
    case "leftovers_placed":
      return `${[...event.characters].map(name).join(", ")} went to the Servants.`;
    case "climbed":
      return `${who(event.seat)} moved ${name(event.character)} up to ${event.to === top ? "the throne" : `floor ${event.to} (${floors[event.to].name})`}.`;
    case "election_called":
      return `${name(event.candidate)} is on the throne: everyone votes.`;
    case "vote_committed":
      return event.vote === null ? `${who(event.seat)} voted.` : `You voted ${event.vote === "yes" ? "Yes" : "No"}.`;
    case "votes_revealed":
      return event.no.length ? `Votes on ${name(event.candidate)}: No from ${event.no.map(whom).join(", ")}.` : `Votes on ${name(event.candidate)}: all Yes.`;
    case "eliminated":
      return `${name(event.character)} is eliminated for the round.`;
    case "crowned":
      return `${name(event.character)} is crowned King.`;
    case "round_scored":
      return `Round ${event.round + 1} scored: ${event.points.slice(0, state.players).map((p, s) => `${who(s)} ${p}`).join(", ")}. Objectives: ${event.objectives.slice(0, state.players).map((card, s) => `${who(s)} ${state.view.public.config.deck[card]}`).join(", ")}.`;
    case "game_over":
      return `Game over: ${event.winners.map(who).join(" and ").replace(/ and You$/, " and you")} won with ${event.totals[event.winners[0]]} points.`;
    default:
      return event.type;
  }
}
