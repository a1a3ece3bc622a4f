package scoring

// A ruling is one of RULINGS.md's rulings: its id and a one-sentence
// summary.
type ruling struct{ id, summary string }

// rulings are RULINGS.md's rulings, in its order.
func rulings() []ruling {
	return []ruling{
		{"G-1", "Totals are whole numbers; a player's game total is the sum of their rounds."},
		{"G-2", "Everyone on the winning total wins, unless the game has its own tie-break."},
		{"G-3", "A state that breaks a rule is reported, not fixed: every broken rule is listed, and totals are still shown."},
		{"G-4", "With optional content the app does not model, checks become warnings and labelled manual adjustments are allowed."},
		{"KKS-1", "There are 40 number cards: values 1–10 in black, red, blue and yellow, each card once; 7 tokens per player."},
		{"KKS-2", "Each colour is one stack. It starts face up; a higher card goes face up, a lower one face down, and any card goes face up on a face-down card."},
		{"KKS-3", "The game ends when the deck runs out and the round is finished, so every display holds the same number of cards: 17 with 2 players, 12 with 3, 9 with 4."},
		{"KKS-4", "A player's tokens are never negative, and all players together have at most 7 per player."},
		{"KKS-5", "Score: face-up values, minus 1 per face-down card, plus 1 per token left. Most points wins; ties all win."},
		{"KKS-6", "Special cards are recorded (3 of the 15); their effects are entered as labelled adjustments and rule checks become warnings."},
		{"ADH-1", "Auf der Hut has 16 bald heads, 20 characters and 24 hats (4 of them wonderhats), for 2–6 players."},
		{"ADH-2", "A match takes the character and its hat, a wonderhat is taken alone, a miss takes a bald head."},
		{"ADH-3", "The game ends at the first refill that cannot be made: at most 14 matches, and matches plus wonderhats at most 18."},
		{"ADH-4", "Each bald head covers a character unless a wonderhat covers it first; the score never drops below 0."},
		{"ADH-5", "You may not swap back the two hats swapped on the turn just before."},
		{"KOC-1", "Each toy pile holds chips 2, 2, 3, 3, 4; with 3 players 1 chip per pile is removed, with 2 players 2."},
		{"KOC-2", "Chips are taken from the smallest value up, so each toy's taken chips must be the smallest ones left in its pile."},
		{"KOC-3", "Each furniture tile played differs in colour from the one below it; 12 tiles are played."},
		{"KOC-4", "Score: sum of chip values; experienced variant +1 per toy type, 15 for all 10 types."},
		{"KOC-5", "Ties go to the player with more string left; still tied, both win."},
		{"CAM-1", "Cards score their number; action cards 10, Red King −2, Blue King 13."},
		{"CAM-2", "One caller per round: −5 if nobody is lower, else +5. The game ends after a round in which someone reaches 50; fewest points wins."},
		{"CAM-3", "A round ends with a Cambio call or when a player has no cards left; the caller's cards are frozen, so the caller keeps at least one."},
		{"KOD-1", "One Kodiak per round, passing left; only Kodiak pounces (−5 each, at most 3); someone ends each round with no cards."},
		{"KOD-2", "A hairball counts +10 if still held and +5 if discarded by accident, never also as a card value."},
		{"KOD-3", "Kodiak is dealt 3 cards and never gains one: each pounce and each hairball Kodiak discards costs one, so Kodiak holds at most 3 − pounces − hairballs discarded."},
		{"ALA-1", "Ten river sections in a ring; a cast hits the section of its number; each salmon caught is 1 point."},
		{"ALA-2", "An angler catches a salmon when a flow carries it off the angler's section; until then it lies beside the angler (option on_contact: also when it swims onto or along the section)."},
		{"ALA-3", "Every number card can be cast; a cast of 0 or above 10 lands in open water and catches nothing."},
		{"ALA-4", "One angler per section: a tourist placed on a local chases both away; any other angler on an occupied section is refused."},
		{"RUN-1", "Runes score 1, boat shelters +1, bandits −1 for the occupant; ties go to boat shelters, then fewer bandits, then the highest number card."},
		{"RUN-2", "A bandit may go into any shelter of another player; one that finds a stand-alone boat shelter destroys it, both go back to the market, and its runes stay with their owner, loose."},
	}
}

// Ruling returns a one-sentence summary of a ruling from RULINGS.md, for
// showing next to a violation ("the rule it breaks, in plain words"), and
// "" for an unknown id.
func Ruling(id string) string {
	for _, r := range rulings() {
		if r.id == id {
			return r.summary
		}
	}
	return ""
}

// RulingIDs lists the ids of every ruling Ruling knows, in RULINGS.md's
// order (the catalog's tests walk them).
func RulingIDs() []string {
	rs := rulings()
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = r.id
	}
	return out
}
