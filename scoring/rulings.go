package scoring

// Ruling returns a one-sentence summary of a ruling from RULINGS.md, for
// showing next to a violation ("the rule it breaks, in plain words"), and
// "" for an unknown id.
func Ruling(id string) string {
	switch id {
	case "G-1":
		return "Totals are whole numbers; a player's game total is the sum of their rounds."
	case "G-2":
		return "Everyone on the winning total wins, unless the game has its own tie-break."
	case "G-3":
		return "A state that breaks a rule is reported, not fixed: every broken rule is listed, and totals are still shown."
	case "G-4":
		return "With optional content the app does not model, checks become warnings and labelled manual adjustments are allowed."
	case "KKS-1":
		return "There are 40 number cards: values 1–10 in black, red, blue and yellow, each card once; 7 tokens per player."
	case "KKS-2":
		return "Each colour is one stack. It starts face up; a higher card goes face up, a lower one face down, and any card goes face up on a face-down card."
	case "KKS-3":
		return "The game ends when the deck runs out and the round is finished, so every display holds the same number of cards: 17 with 2 players, 12 with 3, 9 with 4."
	case "KKS-4":
		return "A player's tokens are never negative, and all players together have at most 7 per player."
	case "KKS-5":
		return "Score: face-up values, minus 1 per face-down card, plus 1 per token left. Most points wins; ties all win."
	case "KKS-6":
		return "Special cards are recorded (3 of the 15); their effects are entered as labelled adjustments and rule checks become warnings."
	case "ADH-1":
		return "Auf der Hut has 16 bald heads, 20 characters and 24 hats (4 of them wonderhats), for 2–6 players."
	case "ADH-2":
		return "A match takes the character and its hat, a wonderhat is taken alone, a miss takes a bald head."
	case "ADH-3":
		return "The game ends at the first refill that cannot be made: at most 14 matches, and matches plus wonderhats at most 18."
	case "ADH-4":
		return "Each bald head covers a character unless a wonderhat covers it first; the score never drops below 0."
	case "ADH-5":
		return "You may not swap back the two hats swapped on the turn just before."
	case "KOC-1":
		return "Each toy pile holds chips 2, 2, 3, 3, 4; with 3 players 1 chip per pile is removed, with 2 players 2."
	case "KOC-2":
		return "Chips are taken from the smallest value up, so each toy's taken chips must be the smallest ones left in its pile."
	case "KOC-3":
		return "Each furniture tile played differs in colour from the one below it; 12 tiles are played."
	case "KOC-4":
		return "Score: sum of chip values; experienced variant +1 per toy type, 15 for all 10 types."
	case "KOC-5":
		return "Ties go to the player with more string left; still tied, both win."
	case "CAM-1":
		return "Cards score their number; action cards 10, Red King −2, Blue King 13."
	case "CAM-2":
		return "One caller per round: −5 if nobody is lower, else +5. The game ends after a round in which someone reaches 50; fewest points wins."
	case "CAM-3":
		return "A round ends with a Cambio call or when a player has no cards left; the caller's cards are frozen, so the caller keeps at least one."
	case "KOD-1":
		return "One Kodiak per round, passing left; only Kodiak pounces (−5 each, at most 3); someone ends each round with no cards."
	case "KOD-2":
		return "A hairball counts +10 if still held and +5 if discarded by accident, never also as a card value."
	case "KOD-3":
		return "Kodiak is dealt 3 cards and never gains one: each pounce and each hairball Kodiak discards costs one, so Kodiak holds at most 3 − pounces − hairballs discarded."
	case "ALA-1":
		return "Ten river sections in a ring; a cast hits the section of its number; each salmon caught is 1 point."
	case "ALA-2":
		return "An angler catches a salmon when a flow carries it off the angler's section; until then it lies beside the angler (option on_contact: also when it swims onto or along the section)."
	case "ALA-3":
		return "Every number card can be cast; a cast of 0 or above 10 lands in open water and catches nothing."
	case "ALA-4":
		return "One angler per section: a tourist placed on a local chases both away; any other angler on an occupied section is refused."
	case "RUN-1":
		return "Runes score 1, boat shelters +1, bandits −1 for the occupant; ties go to boat shelters, then fewer bandits, then the highest number card."
	case "RUN-2":
		return "A bandit may go into any shelter of another player; one that finds a stand-alone boat shelter destroys it, both go back to the market, and its runes stay with their owner, loose."
	}
	return ""
}
