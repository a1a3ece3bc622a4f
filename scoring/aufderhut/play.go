package aufderhut

import (
	"tablemate/scoring"
)

// Outcomes of a reveal (ruling ADH-2).
const (
	Match     = "match"     // the hat fits: take character and hat
	Wonderhat = "wonderhat" // take the wonderhat, the character stays
	Miss      = "miss"      // take a bald head, the hat goes back
)

// Step is one turn of guided play: exactly one of Look (a spot, 1–7),
// Swap (two spots) or Reveal (a spot, with its Outcome). Zero means the
// action was not taken. In a game that tracks the characters (StartGuided)
// a match that is refilled also says which character was Laid (1–10), and
// a three_left game is ended by a step with End set (ruling ADH-3).
type Step struct {
	Look    int    `json:"look,omitempty"`
	Swap    [2]int `json:"swap,omitzero"`
	Reveal  int    `json:"reveal,omitempty"`
	Outcome string `json:"outcome,omitempty"`
	Laid    int    `json:"laid,omitempty"`
	End     bool   `json:"end,omitempty"`
	// zero marks a step of the play API that names spot 0, which Step's
	// zero value cannot tell from an action not taken: Apply refuses it
	// as no_such_spot (a table's steps never hold it, ParseStep refuses).
	zero bool
}

// StepError is a step the rules refuse (scoring.StepError).
type StepError = scoring.StepError

// Spot is one place in the display: a character, and a face-down hat
// above it. Only a spot with a hat can be looked at, swapped or revealed.
type Spot struct {
	Character bool `json:"character"`
	Hat       bool `json:"hat"`
}

// Position is a game in progress. It is a value: Apply returns a new one
// and leaves its receiver untouched, so a log replays into any position.
type Position struct {
	Variant        string
	Players        []Player // counts so far, in seat order
	Display        [DisplaySize]Spot
	CharactersLeft int // face-down character pile
	HatsLeft       int // face-down hat pile
	Turn           int // index in Players of the player to move
	Steps          int // steps applied so far
	over           bool
	lastSwap       [2]int // the previous turn's swap, low spot first; zero if none

	// Guided play also tracks which character lies where (StartGuided);
	// a Position from Start leaves these zero.
	tracked bool
	// Names are the characters 1–10 as this table calls them.
	Names [Kinds]string
	// Faces is the character (1–10) on each spot; 0 for a spot whose
	// character was taken and not replaced, or when not tracked.
	Faces [DisplaySize]int
	// collected counts, per seat, the characters taken of each kind.
	collected [MaxPlayers][Kinds]int
}

// Start sets up a game (ruling ADH-1): 7 characters with hats in the
// display, 13 characters and 17 hats in the piles. The first name moves
// first. Bad names, counts or variants are *scoring.InputError.
func Start(players []string, variantName string) (Position, error) {
	v, err := variant(variantName)
	if err != nil {
		return Position{}, err
	}
	if n := len(players); n < MinPlayers || n > MaxPlayers {
		return Position{}, scoring.Errorf("players", "%d players: Auf der Hut is played by %d to %d", n, MinPlayers, MaxPlayers)
	}
	if _, err := scoring.PlayerList(players); err != nil {
		return Position{}, err
	}
	p := Position{Variant: v, CharactersLeft: CharacterPile, HatsLeft: HatPile, Names: DefaultNames()}
	for _, name := range players {
		p.Players = append(p.Players, Player{Name: name})
	}
	for i := range p.Display {
		p.Display[i] = Spot{Character: true, Hat: true}
	}
	return p, nil
}

// End declares the end of a three_left game (ruling ADH-3: the table
// decides when to stop playing on). It does not check the variant; a step
// with End set does.
func (p Position) End() Position {
	p.over = true
	return p
}

// Over reports that the game has ended (ruling ADH-3): a standard game
// at the first refill that cannot be done, a three_left game when 3
// characters with hats remain or the table ends it.
func (p Position) Over() bool { return p.over }

// Current is the index in Players of the player to move, -1 once the
// game is over.
func (p Position) Current() int {
	if p.over || len(p.Players) == 0 {
		return -1
	}
	return p.Turn
}

// Final is the position's collections as a score request.
func (p Position) Final() State {
	return State{Players: append([]Player(nil), p.Players...), Options: Options{Variant: p.Variant}}
}

// Apply plays one step. On an error the position is returned unchanged; on
// a warning (Warning set) the step is applied.
func (p Position) Apply(s Step) (Position, *StepError) {
	step := p.Steps + 1
	fail := func(code, rule, format string, args ...any) (Position, *StepError) {
		return p, scoring.Refusef(step, code, rule, format, args...)
	}
	if len(p.Players) == 0 {
		return fail("bad_step", "ADH-1", "the game has not been started")
	}
	if p.over {
		return fail("after_game_end", "ADH-3", "the game is already over; no more turns")
	}
	who := scoring.Name(p.Players[p.Turn].Name)
	if s.zero {
		return fail("no_such_spot", "ADH-1", "%s: spot %d does not exist; the display has spots 1 to %d", who, 0, DisplaySize)
	}
	spots, serr := actionSpots(s, step)
	if serr != nil {
		return p, serr
	}
	for _, n := range spots {
		if n < 1 || n > DisplaySize {
			return fail("no_such_spot", "ADH-1", "%s: spot %d does not exist; the display has spots 1 to %d", who, n, DisplaySize)
		}
		if !p.Display[n-1].Hat {
			return fail("no_such_spot", "ADH-3", "%s: spot %d has no hat left to use", who, n)
		}
	}
	next := p
	next.Players = append([]Player(nil), p.Players...)
	next.lastSwap = [2]int{}
	var warn *StepError
	switch {
	case s.End:
		// ruling ADH-3: only the table playing on until 3 characters
		// remain decides when it stops; a standard game ends by itself.
		if p.Variant != ThreeLeft {
			return fail("standard_end", "ADH-3", "a standard game ends by itself at the first refill that cannot be done; only a game played on until 3 characters remain is ended by the table")
		}
		next.over = true
	case s.Swap != [2]int{}:
		pair := [2]int{min(s.Swap[0], s.Swap[1]), max(s.Swap[0], s.Swap[1])}
		// ruling ADH-5: swapping back the pair swapped just before is
		// frowned on, not forbidden here: the guided mode warns.
		if pair == p.lastSwap {
			warn = scoring.Refusef(step, "swap_back", "ADH-5", "%s swaps back the hats on spots %d and %d that %s swapped on the turn just before; the designer's clarification does not allow that", who, pair[0], pair[1], scoring.Name(p.SwappedBy()))
			warn.Warning = true
		}
		next.lastSwap = pair
	case s.Reveal != 0:
		if serr := next.reveal(s, step, who); serr != nil {
			return p, serr
		}
	}
	next.Steps++
	next.Turn = (p.Turn + 1) % len(p.Players)
	return next, warn
}

// actionSpots returns the spots a step names, or the refusal of step
// number step when it is not one action.
func actionSpots(s Step, step int) ([]int, *StepError) {
	bad := func(format string, args ...any) ([]int, *StepError) {
		return nil, scoring.Refusef(step, "bad_step", "ADH-2", format, args...)
	}
	var spots []int
	actions := 0
	if s.Look != 0 {
		actions++
		spots = append(spots, s.Look)
	}
	if s.Swap != [2]int{} {
		actions++
		spots = append(spots, s.Swap[0], s.Swap[1])
		if s.Swap[0] == s.Swap[1] {
			return bad("a swap needs two different spots, not %d twice", s.Swap[0])
		}
	}
	if s.Reveal != 0 {
		actions++
		spots = append(spots, s.Reveal)
		if s.Outcome != Match && s.Outcome != Wonderhat && s.Outcome != Miss {
			return bad("a reveal needs an outcome: %q, %q or %q", Match, Wonderhat, Miss)
		}
	} else if s.Outcome != "" {
		return bad("an outcome belongs to a reveal")
	}
	if s.Laid != 0 && s.Outcome != Match {
		return bad("a laid character belongs to a match: only a matched character is replaced")
	}
	if s.End {
		actions++
	}
	if actions != 1 {
		return bad("a turn is exactly one action: look, swap or reveal (or the table ending the game)")
	}
	return spots, nil
}

// reveal applies a reveal's outcome to p's mover, who (ruling ADH-2), and
// ends the game when a refill fails (ruling ADH-3). It returns the refusal
// of step number step when the outcome cannot happen, or nil.
func (p *Position) reveal(st Step, step int, who scoring.Name) *StepError {
	me := &p.Players[p.Turn]
	s := &p.Display[st.Reveal-1]
	switch st.Outcome {
	case Match:
		refill := p.CharactersLeft > 0 && p.HatsLeft > 0
		if serr := p.take(st, refill, step, who); serr != nil {
			return serr
		}
		me.Characters++
		*s = Spot{}
		if refill {
			p.CharactersLeft--
			p.HatsLeft--
			*s = Spot{Character: true, Hat: true}
		} else if p.Variant == Standard {
			p.over = true
		}
	case Wonderhat:
		if p.takenWonderhats() == TotalWonderhats {
			return scoring.Refusef(step, "component_total", "ADH-1", "%s: all %d wonderhats are already taken", who, TotalWonderhats)
		}
		me.Wonderhats++
		s.Hat = false
		if p.HatsLeft > 0 {
			p.HatsLeft--
			s.Hat = true
		} else if p.Variant == Standard {
			p.over = true
		}
	case Miss:
		if p.takenBaldHeads() == TotalBaldHeads {
			return scoring.Refusef(step, "component_total", "ADH-1", "%s: all %d bald heads are already taken", who, TotalBaldHeads)
		}
		me.BaldHeads++
	}
	// ruling ADH-3, variant: play on until 3 characters with hats remain.
	if p.Variant == ThreeLeft && p.WithHats() <= 3 {
		p.over = true
	}
	return nil
}

func (p Position) takenWonderhats() int { return totals(p.Players).Wonderhats }
func (p Position) takenBaldHeads() int  { return totals(p.Players).BaldHeads }

// WonderhatsLeft is how many of the 4 wonderhats nobody has found yet
// (ruling ADH-1).
func (p Position) WonderhatsLeft() int { return TotalWonderhats - p.takenWonderhats() }

// BaldHeadsLeft is how many of the 16 bald heads are still to be taken
// (ruling ADH-1).
func (p Position) BaldHeadsLeft() int { return TotalBaldHeads - p.takenBaldHeads() }

// SwappedBy names the player who swapped hats on the turn just before,
// "" when that turn was no swap: swapping the same two back is frowned on
// (ruling ADH-5).
func (p Position) SwappedBy() string {
	if p.lastSwap == [2]int{} || len(p.Players) == 0 {
		return ""
	}
	return p.Players[(p.Turn+len(p.Players)-1)%len(p.Players)].Name
}

// Moves lists every step the rules allow now, in full (at most about a
// hundred): a look at each spot with a hat, a swap of each two of them (a
// swap back too, which only warns, ADH-5), a reveal of each with each
// outcome the piles still allow (ADH-1, ADH-2) — a match that is refilled
// in a guided game once with each character the pile may hold (InPile) —
// and, in a three_left game, the table's end (ADH-3). None once the game
// is over. Every step it lists is one Apply accepts.
func (p Position) Moves() []Step {
	if p.over || len(p.Players) == 0 {
		return nil
	}
	var hats []int
	for i, sp := range p.Display {
		if sp.Hat {
			hats = append(hats, i+1)
		}
	}
	var out []Step
	for _, a := range hats {
		out = append(out, Step{Look: a})
	}
	for i, a := range hats {
		for _, b := range hats[i+1:] {
			out = append(out, Step{Swap: [2]int{a, b}})
		}
	}
	for _, a := range hats {
		switch {
		case p.tracked && p.Refills():
			for _, c := range p.InPile() {
				out = append(out, Step{Reveal: a, Outcome: Match, Laid: c})
			}
		default:
			out = append(out, Step{Reveal: a, Outcome: Match})
		}
		if p.WonderhatsLeft() > 0 {
			out = append(out, Step{Reveal: a, Outcome: Wonderhat})
		}
		if p.BaldHeadsLeft() > 0 {
			out = append(out, Step{Reveal: a, Outcome: Miss})
		}
	}
	if p.Variant == ThreeLeft {
		out = append(out, Step{End: true})
	}
	return out
}

// WithHats counts the display's characters that still wear a hat.
func (p Position) WithHats() int {
	n := 0
	for _, s := range p.Display {
		if s.Character && s.Hat {
			n++
		}
	}
	return n
}
