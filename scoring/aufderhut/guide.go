package aufderhut

import (
	"encoding/json"
	"fmt"
	"strings"

	"tablemate/scoring"
)

// Guided play ("play along") as a table records it:
//
//	setup: {"variant": "standard", "names": ["Wizard", "", …10], "display": [1, 2, 3, 4, 4, 5, 6]}
//	steps: {"look": 3} {"swap": [1, 5]} {"reveal": 2, "outcome": "wonderhat"}
//	       {"reveal": 2, "outcome": "match", "laid": 7} {"end": true}
//
// Refusal codes (StepError.Code, rule): no_such_spot (ADH-1; ADH-3 for a
// spot without a hat), component_total (ADH-1: a 5th wonderhat, a 17th
// bald head), laid_missing (ADH-2: a refilled match without the character
// laid), laid_after_empty_pile (ADH-3), no_such_character and third_copy
// (ADH-1), standard_end (ADH-3: only a three_left game is ended by the
// table), after_game_end (ADH-3), bad_step (not one action); swap_back
// (ADH-5) is a warning only.
var _ scoring.Guided = Engine{}

// The characters (ruling ADH-1: 20 cards, 10 characters × 2). Their names
// are not in the rule text, so a table may name them; by default they are
// "character 1" to "character 10".
const (
	Kinds  = 10 // different characters
	Copies = 2  // cards of each character
)

// DefaultNames are the characters' names when a table gives none.
func DefaultNames() [Kinds]string {
	var n [Kinds]string
	for i := range n {
		n[i] = fmt.Sprintf("character %d", i+1)
	}
	return n
}

// PlayRequest is the play API's setup as sent: the request beside
// "players" and "steps" (docs/api-auf-der-hut-play.md).
type PlayRequest struct {
	Options json.RawMessage `json:"options"`
}

// Setup is how a guided game starts: the end variant agreed before the
// game (ruling ADH-3), the table's names for the 10 characters (none: the
// defaults), the character (1–10) laid on each of the 7 spots and the seat
// (0-based) that takes the first turn: whoever the table chose by the
// rule text's start rule (the player who last wore a hat begins), the
// first seat when absent; play then goes on in seat order.
type Setup struct {
	Variant string   `json:"variant,omitempty"`
	Names   []string `json:"names,omitempty"`
	Display []int    `json:"display"`
	First   int      `json:"first,omitempty"`
}

// ParseSetup reads a setup strictly and fills in the defaults: the
// standard variant, and "character N" for a missing or empty name.
// Unreadable input, a wrong count, an unknown character or a third copy of
// one is a *scoring.InputError on its field (display[i], names[i]).
func ParseSetup(raw []byte) (Setup, error) {
	var s Setup
	if err := scoring.Decode(raw, &s, ""); err != nil {
		return Setup{}, err
	}
	return s.normal()
}

// normal checks a setup and fills in its defaults (see ParseSetup).
func (s Setup) normal() (Setup, error) {
	v, err := variant(s.Variant)
	if err != nil {
		return Setup{}, scoring.Errorf("variant", "must be %q or %q, not %q", scoring.Name(Standard), scoring.Name(ThreeLeft), scoring.Name(s.Variant))
	}
	s.Variant = v
	names, err := setupNames(s.Names)
	if err != nil {
		return Setup{}, err
	}
	s.Names = names[:]
	if len(s.Display) != DisplaySize {
		return Setup{}, scoring.Errorf("display", "lay %d characters, one on each spot, not %d (rule ADH-1)", DisplaySize, len(s.Display))
	}
	var count [Kinds]int
	for i, c := range s.Display {
		f := scoring.Index("display", i)
		if c < 1 || c > Kinds {
			return Setup{}, scoring.Errorf(f, "spot %d: characters are numbered 1 to %d, not %d (rule ADH-1)", i+1, Kinds, c)
		}
		if count[c-1] == Copies {
			return Setup{}, scoring.Errorf(f, "spot %d: a third %s; each character exists only twice (rule ADH-1)", i+1, character(names, c))
		}
		count[c-1]++
	}
	return s, nil
}

// setupNames checks the table's names for the characters: none at all, or
// 10 of which an empty one keeps its default. Names must differ, since
// the pages tell the characters apart by name.
func setupNames(given []string) ([Kinds]string, error) {
	names := DefaultNames()
	if len(given) == 0 {
		return names, nil
	}
	if len(given) != Kinds {
		return names, scoring.Errorf("names", "name all %d characters or none, not %d", Kinds, len(given))
	}
	seen := map[string]int{}
	for i, n := range given {
		f := scoring.Index("names", i)
		if n = strings.TrimSpace(n); n != "" {
			names[i] = n
		}
		switch key := strings.ToLower(names[i]); {
		case len([]rune(names[i])) > scoring.MaxNameLen:
			return names, scoring.Errorf(f, "a name is at most %d characters", scoring.MaxNameLen)
		case seen[key] > 0:
			return names, scoring.Errorf(f, "%q is already the name of character %d: names must differ", scoring.Name(names[i]), seen[key])
		default:
			seen[key] = i + 1
		}
	}
	return names, nil
}

// SetupJSON is the JSON of a setup, as a table records it.
func SetupJSON(s Setup) []byte {
	b, _ := json.Marshal(s)
	return b
}

// guideStep is a guided step as sent: the API's step plus the character
// laid on a refilled spot and the table's end of a three_left game.
// (Not an embedded WireStep: a type error's field path would name it.)
type guideStep struct {
	Look    *int    `json:"look"`
	Swap    *[]int  `json:"swap"`
	Reveal  *int    `json:"reveal"`
	Outcome *string `json:"outcome"`
	Laid    *int    `json:"laid"`
	End     *bool   `json:"end"`
}

// ParseStep reads one guided step strictly: {"look": 3}, {"swap": [1, 5]},
// {"reveal": 2, "outcome": "match", "laid": 7} or {"end": true}. Input
// that is not one action, or a spot or character 0, is a
// *scoring.InputError; whether the rules allow it is Apply's to say.
func ParseStep(raw []byte) (Step, error) { return readStep(raw, "step") }

// readStep is ParseStep with the step's path for errors.
func readStep(raw []byte, field string) (Step, error) {
	var w guideStep
	if err := scoring.Decode(raw, &w, field); err != nil {
		return Step{}, err
	}
	if w.End != nil {
		if !*w.End || w.Look != nil || w.Swap != nil || w.Reveal != nil || w.Outcome != nil || w.Laid != nil {
			return Step{}, scoring.Errorf(scoring.Join(field, "end"), `ending the game is a step of its own: {"end": true}`)
		}
		return Step{End: true}, nil
	}
	s, zero, err := WireStep{Look: w.Look, Swap: w.Swap, Reveal: w.Reveal, Outcome: w.Outcome}.step(field)
	if err != nil {
		return Step{}, err
	}
	if zero {
		return Step{}, scoring.Errorf(field, "spot 0 does not exist; the display has spots 1 to %d", DisplaySize)
	}
	if w.Laid != nil {
		if s.Outcome != Match {
			return Step{}, scoring.Errorf(scoring.Join(field, "laid"), "a laid character belongs to a match: only a matched character is replaced")
		}
		if *w.Laid == 0 {
			return Step{}, scoring.Errorf(scoring.Join(field, "laid"), "characters are numbered 1 to %d", Kinds)
		}
		s.Laid = *w.Laid
	}
	return s, nil
}

// StepJSON is the JSON of a step, as a table records it.
func StepJSON(s Step) []byte {
	b, _ := json.Marshal(s)
	return b
}

// StartGuided sets up a guided game (ruling ADH-1): like Start, and it
// also knows the character on every spot, and s.First takes the first
// turn. The setup is checked as ParseSetup checks it; a first seat not at
// the table is a *StepError with Step 0 and code first_seat.
func StartGuided(players []string, s Setup) (Position, error) {
	s, err := s.normal()
	if err != nil {
		return Position{}, err
	}
	p, err := Start(players, s.Variant)
	if err != nil {
		return Position{}, err
	}
	if s.First < 0 || s.First >= len(players) {
		return Position{}, scoring.Refusef(0, "first_seat", "ADH-1", "the first turn is for one of the %d players (the player who last wore a hat begins), not seat %d", len(players), s.First+1)
	}
	p.Turn = s.First
	p.tracked = true
	copy(p.Names[:], s.Names)
	copy(p.Faces[:], s.Display)
	return p, nil
}

// take moves a matched character into the mover's collection, who's, and
// when the spot is refilled, lays st.Laid there (ruling ADH-2). Untracked
// positions (Start) only check that nothing laid is claimed. It returns
// the refusal of step number step, or nil.
func (p *Position) take(st Step, refill bool, step int, who scoring.Name) *StepError {
	if !p.tracked {
		if st.Laid != 0 {
			return scoring.Refusef(step, "bad_step", "ADH-2", "%s: this game does not track the characters, so no laid character can be recorded", who)
		}
		return nil
	}
	spot := st.Reveal
	switch {
	case !refill && st.Laid != 0:
		return scoring.Refusef(step, "laid_after_empty_pile", "ADH-3", "%s: the character pile is empty, so no character is laid on spot %d", who, spot)
	case refill && st.Laid == 0:
		return scoring.Refusef(step, "laid_missing", "ADH-2", "%s: say which character from the pile is laid on spot %d", who, spot)
	case refill && (st.Laid < 1 || st.Laid > Kinds):
		return scoring.Refusef(step, "no_such_character", "ADH-1", "%s: characters are numbered 1 to %d, not %d", who, Kinds, st.Laid)
	}
	c := p.Faces[spot-1]
	p.collected[p.Turn][c-1]++
	p.Faces[spot-1] = 0
	if refill {
		if p.Seen(st.Laid) >= Copies {
			return p.thirdCopy(step, who, st.Laid)
		}
		p.Faces[spot-1] = st.Laid
	}
	return nil
}

// thirdCopy refuses laying character c when both its cards are out
// (ruling ADH-1), saying where they are: on a spot, or taken by a player
// ("spot 2, taken by Ida"); the display's spots are named first.
func (p Position) thirdCopy(step int, who scoring.Name, c int) *StepError {
	var spots []int
	var takers []scoring.Name
	for i, f := range p.Faces {
		if f == c {
			spots = append(spots, i+1)
		}
	}
	for i, pl := range p.Players {
		for range p.collected[i][c-1] {
			takers = append(takers, scoring.Name(pl.Name))
		}
	}
	name := p.Character(c)
	switch {
	case len(spots) == 2 && len(takers) == 0:
		return scoring.Refusef(step, "third_copy", "ADH-1", "%s: both %s cards are already out (spot %d, spot %d); each character exists only twice", who, name, spots[0], spots[1])
	case len(spots) == 1 && len(takers) == 1:
		return scoring.Refusef(step, "third_copy", "ADH-1", "%s: both %s cards are already out (spot %d, taken by %s); each character exists only twice", who, name, spots[0], takers[0])
	case len(spots) == 0 && len(takers) == 2:
		return scoring.Refusef(step, "third_copy", "ADH-1", "%s: both %s cards are already out (taken by %s, taken by %s); each character exists only twice", who, name, takers[0], takers[1])
	}
	return scoring.Refusef(step, "third_copy", "ADH-1", "%s: both %s cards are already out; each character exists only twice", who, name)
}

// Tracked reports whether the position knows which character lies where
// (a guided game).
func (p Position) Tracked() bool { return p.tracked }

// Name is the table's name of character c (1–10).
func (p Position) Name(c int) string {
	if c < 1 || c > Kinds {
		return fmt.Sprintf("character %d", c)
	}
	return p.Names[c-1]
}

// character is character c of names as a phrase argument (Character).
func character(names [Kinds]string, c int) scoring.Phrase {
	if names[c-1] == DefaultNames()[c-1] {
		return scoring.Phrasef("character %d", c)
	}
	return scoring.Phrasef("%s", scoring.Name(names[c-1]))
}

// Character is character c (1–10) as a phrase argument: the table's name
// for it, or, for a character the table did not name, "character 3",
// which a page says in its language ("Figur 3").
func (p Position) Character(c int) scoring.Phrase {
	if c < 1 || c > Kinds {
		return scoring.Phrasef("character %d", c)
	}
	return character(p.Names, c)
}

// Seen counts the cards of character c out of the pile: in the display
// or taken by a player.
func (p Position) Seen(c int) int {
	n := 0
	for _, f := range p.Faces {
		if f == c {
			n++
		}
	}
	for i := range p.Players {
		n += p.collected[i][c-1]
	}
	return n
}

// PileHolds is how many cards of character c the pile can still hold:
// the 2 of each (ruling ADH-1) not yet seen.
func (p Position) PileHolds(c int) int { return Copies - p.Seen(c) }

// InPile lists the characters (1–10) the pile can still hold: those with
// fewer than 2 cards out (ruling ADH-1).
func (p Position) InPile() []int {
	var out []int
	for c := 1; c <= Kinds; c++ {
		if p.Seen(c) < Copies {
			out = append(out, c)
		}
	}
	return out
}

// Collected lists the characters seat i has taken, lowest number first.
func (p Position) Collected(i int) []int {
	var out []int
	if i < 0 || i >= len(p.Players) {
		return out
	}
	for c, n := range p.collected[i] {
		for range n {
			out = append(out, c+1)
		}
	}
	return out
}

// ToMove is the name of the player whose turn it is, "" once the game
// is over.
func (p Position) ToMove() string {
	if p.Current() < 0 {
		return ""
	}
	return p.Players[p.Turn].Name
}

// Refills reports whether a match now would be refilled from the piles
// (ruling ADH-2); when not, a standard game ends with it (ruling ADH-3).
func (p Position) Refills() bool { return p.CharactersLeft > 0 && p.HatsLeft > 0 }

// SwapsBack reports whether swapping spots a and b now swaps back the
// pair swapped on the turn just before (ruling ADH-5).
func (p Position) SwapsBack(a, b int) bool {
	return p.lastSwap != [2]int{} && [2]int{min(a, b), max(a, b)} == p.lastSwap
}

// Describe tells in words what step s does from this position, for the
// log of a guided game: "Ida reveals spot 3 (Wizard): a match; Chef is
// laid". s is assumed accepted.
func (p Position) Describe(s Step) scoring.Phrase {
	who := scoring.Name(p.Players[p.Turn].Name)
	switch {
	case s.End:
		return scoring.Phrasef("The table ends the game")
	case s.Look != 0:
		return scoring.Phrasef("%s looks at the hat on spot %d", who, s.Look)
	case s.Swap != [2]int{}:
		return scoring.Phrasef("%s swaps the hats on spots %d and %d", who, s.Swap[0], s.Swap[1])
	}
	what := scoring.Phrasef("spot %d", s.Reveal)
	if p.tracked && s.Reveal >= 1 && s.Reveal <= DisplaySize {
		what = scoring.Phrasef("spot %d (%s)", s.Reveal, p.Character(p.Faces[s.Reveal-1]))
	}
	switch {
	case s.Outcome == Match && s.Laid != 0:
		return scoring.Phrasef("%s reveals %s: a match, taken with its hat; %s is laid", who, what, p.Character(s.Laid))
	case s.Outcome == Match:
		return scoring.Phrasef("%s reveals %s: a match, taken with its hat", who, what)
	case s.Outcome == Wonderhat:
		return scoring.Phrasef("%s reveals %s: a wonderhat", who, what)
	}
	return scoring.Phrasef("%s reveals %s: no match, a bald head", who, what)
}

// Rules are Auf der Hut's guided play for scoring.Play: a table's setup
// lays the display with the characters it shows (Setup, StartGuided); a
// step is a turn (Step). The play API plays untracked positions (Start)
// from {"options": {"variant": …}}.
type Rules struct{}

var _ scoring.Rules[Position, Step, PlayState] = Rules{}

// Start sets up a guided game from a recorded setup (ParseSetup,
// StartGuided).
func (Rules) Start(players []string, setup []byte) (Position, error) {
	s, err := ParseSetup(setup)
	if err != nil {
		return Position{}, err
	}
	return StartGuided(players, s)
}

// ReadStep reads a recorded step (ParseStep's forms).
func (Rules) ReadStep(raw []byte, field string) (Step, error) { return readStep(raw, field) }

// Final is the players' collections as a score-check request.
func (Rules) Final(p Position) any { return p.Final() }

// Score checks and scores the collections so far.
func (Rules) Score(p Position) scoring.Result { return Score(p.Final()) }

// ReadRequest reads POST /api/v1/games/auf-der-hut/play: {"players":
// [...], "options": {"variant": …}, "steps": [...]}, each step exactly
// one action without a laid character (the API does not track them); a
// spot sent as 0 is refused as no_such_spot when it is played. Bad names
// or a player count outside 2–6 are *scoring.InputError once the steps
// are read.
func (Rules) ReadRequest(players []string, setup []byte) (scoring.Request[Position, Step], error) {
	var req PlayRequest
	if err := scoring.Decode(setup, &req, ""); err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	opts, err := decodeOptions(req.Options)
	if err != nil {
		return scoring.Request[Position, Step]{}, err
	}
	return scoring.Request[Position, Step]{
		Start:    func() (Position, error) { return Start(players, opts.Variant) },
		ReadStep: decodeStep,
	}, nil
}
