package scoring

// Ruling is one of RULINGS.md's rulings: its id and a one-sentence
// summary, shown next to a violation ("the rule it breaks, in plain
// words"). The shared rulings (G-*) are here; a game's are its engine's
// (Ruled).
type Ruling struct{ ID, Summary string }

// RuleNumber is a number a game's rules fix, held by an engine constant:
// What names the rule and the constant ("Kodiak's pounce limit
// (kodiak.MaxPounces)"), Value is the number, Ruling the ruling that
// fixes it ("" when it is a rule of the game no ruling is about), and
// Words are the words that say a piece of code is about that rule. No
// page, view model or store writes the number out
// (docs/architecture_test.go holds the code to it): they read the
// engine's constant.
type RuleNumber struct {
	What   string
	Value  int
	Ruling string
	Words  []string
}

// Rulebook is what an engine says of its rules besides checking them:
// its rulings, in RULINGS.md's order, and the numbers it holds. Its
// codes are in its Contract.
type Rulebook struct {
	Rulings []Ruling
	Numbers []RuleNumber
}

// Ruled is implemented by every engine of the seven: its Rulebook.
type Ruled interface {
	Rulebook() Rulebook
}

// SharedRulings are the rulings more than one engine names: RULINGS.md's
// general ones (G-*), and CAM-1, the cards of the one 76-card deck of the
// Cambio family, which Cambio, Kodiak, Alaska and The Rune Market all
// play with (and whose engines do not import each other's, but Kodiak's).
func SharedRulings() []Ruling {
	return []Ruling{
		{"G-1", "Totals are whole numbers; a player's game total is the sum of their rounds."},
		{"G-2", "Everyone on the winning total wins, unless the game has its own tie-break."},
		{"G-3", "A state that breaks a rule is reported, not fixed: every broken rule is listed, and totals are still shown."},
		{"G-4", "With optional content the app does not model, checks become warnings and labelled manual adjustments are allowed."},
		{"CAM-1", "Cards score their number; action cards 10, Red King −2, Blue King 13."},
	}
}

// RulingsOf returns the rulings g may name: the shared ones, then its
// own (none when g is not Ruled).
func RulingsOf(g Game) []Ruling {
	out := SharedRulings()
	if r, ok := g.(Ruled); ok {
		out = append(out, r.Rulebook().Rulings...)
	}
	return out
}

// FindRuling returns the summary of the ruling id among rs, "" when rs
// has none of that id.
func FindRuling(rs []Ruling, id string) string {
	for _, r := range rs {
		if r.ID == id {
			return r.Summary
		}
	}
	return ""
}
