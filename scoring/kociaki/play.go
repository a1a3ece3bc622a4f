package kociaki

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"tablemate/scoring"
)

// Rounds is how many rounds a game lasts: 12 furniture tiles are played
// (ruling KOC-3).
const Rounds = 12

// TilesPerColour is how many furniture tiles each colour has (ruling KOC-3).
const TilesPerColour = 5

// Colour is a furniture tile's colour: the wall of the room the cats run
// to. The rule text names only yellow and turquoise; the other two names
// are ours (RULINGS.md gives none) — only their being four and distinct
// matters to the rules (ruling KOC-3).
type Colour string

// The four furniture colours (ruling KOC-3).
const (
	Yellow    Colour = "yellow"
	Turquoise Colour = "turquoise"
	Pink      Colour = "pink"
	Green     Colour = "green"
)

// Colours lists the furniture colours in the order the pages show them.
func Colours() []Colour { return []Colour{Yellow, Turquoise, Pink, Green} }

// ParseColour reads a colour name, any case.
func ParseColour(s string) (Colour, bool) {
	c := Colour(strings.ToLower(strings.TrimSpace(s)))
	return c, slices.Contains(Colours(), c)
}

// Tile is a furniture tile: its colour and, for the record, the piece of
// furniture it shows ("table"). The piece names are not in the rule text,
// so the engine keeps what the table typed and checks only the colour.
type Tile struct {
	Colour Colour
	Piece  string
}

// Word is the colour as a Phrase argument: a catalog word a page says in
// its language; a colour the game lacks is shown as it is.
func (c Colour) Word() scoring.Phrase {
	switch c {
	case Yellow:
		return scoring.Phrasef("yellow")
	case Turquoise:
		return scoring.Phrasef("turquoise")
	case Pink:
		return scoring.Phrasef("pink")
	case Green:
		return scoring.Phrasef("green")
	}
	return scoring.Phrasef("%s", scoring.Name(c))
}

// Phrase names the tile as String does, as a Phrase argument: "yellow
// tile", or the colour and the piece as the table typed it.
func (t Tile) Phrase() scoring.Phrase {
	if t.Piece == "" {
		return scoring.Phrasef("%s tile", t.Colour.Word())
	}
	return scoring.Phrasef("%[1]s %[2]s", t.Colour.Word(), scoring.Name(t.Piece))
}

func (t Tile) String() string {
	if t.Piece == "" {
		return string(t.Colour) + " tile"
	}
	return string(t.Colour) + " " + t.Piece
}

// Take is one toy a player's string crossed and what its pile gave. Chips
// are hidden information after setup with 2 or 3 players (ruling KOC-1:
// the removed chips go back to the box unseen), so the app cannot always
// know the top chip of a pile; the piles lie face up, though, so the
// player can say it. Chip is that value (2, 3 or 4), Empty says the pile
// was used up, and neither (Chip 0, Empty false) asks the engine to fill
// in the only outcome ruling KOC-2 leaves — always the case with 4
// players, where nothing is removed.
type Take struct {
	Toy   int
	Chip  int
	Empty bool
}

// StepKind says which of the round's moves a Step is.
type StepKind int

// The moves of a round: the starting player's tile, then one turn per
// player; after round 12 the string left, when the totals tie.
const (
	PlayTile StepKind = iota + 1
	PullString
	MeasureString
)

// Step is one move of guided play.
type Step struct {
	Kind StepKind
	// Tile is the furniture tile played (PlayTile).
	Tile Tile
	// Crossed are the toys the acting player's string crossed, in order
	// (PullString; empty: none). A toy may appear twice (rule text: the
	// same toy may be scored more than once).
	Crossed []Take
	// Short: the acting player has not enough string in round 12 and
	// takes nothing (PullString, ruling KOC-5).
	Short bool
	// StringLeft is the string on each named player's spool
	// (MeasureString, ruling KOC-5).
	StringLeft map[string]float64
}

// StepError is a step the rules refuse (scoring.StepError).
type StepError = scoring.StepError

// Seat is one player in guided play.
type Seat struct {
	Name string
	// Chips maps toy 1–10 to the chip values taken, in the order taken.
	Chips map[int][]int
	// Tiles counts the furniture tiles this player played, by colour.
	Tiles map[Colour]int
	// Short is set when the player had not enough string in round 12.
	Short      bool
	StringLeft *float64
}

// ChipCount counts the chips a seat holds.
func (s Seat) ChipCount() int {
	n := 0
	for _, c := range s.Chips {
		n += len(c)
	}
	return n
}

// Played is a furniture tile on the table and who played it (seat index).
type Played struct {
	Tile Tile
	By   int
}

// Phase says what the game waits for.
type Phase int

// The phases of a guided game.
const (
	// WaitTile: the round's starting player plays a furniture tile.
	WaitTile Phase = iota + 1
	// WaitTurn: a player pulls their string and takes chips.
	WaitTurn
	// WaitString: after round 12 the top totals tie; the string left on
	// the tied players' spools decides (ruling KOC-5).
	WaitString
	// Over: the game is finished.
	Over
)

// Position is a game in progress. It is a value: Apply returns a new one
// and leaves its receiver untouched, so a log replays into any position.
type Position struct {
	Players []Seat // seat order = clockwise, the order turns go round
	Options Options
	// Start is the tile laid face up at setup (rule text B).
	Start Tile
	// Tiles are the furniture tiles played, one per round so far.
	Tiles []Played
	// Starter is the seat holding the start marker in round 1.
	Starter int
	// Taken holds, per toy 1–10 (index toy-1), the chips taken from its
	// pile, ascending (piles are taken from the smallest up).
	Taken [Toys][]int
	// done is how many players have pulled their string this round.
	done  int
	steps int
	// measured is set once the string left has been entered.
	measured bool
}

// Start sets up a guided game (rule text setup, rulings KOC-1 and KOC-3):
// 2–4 players, the start tile's colour, the seat holding the start marker
// and the scoring options. A setup that cannot be played is a *StepError
// with Step 0.
func Start(players []string, start Tile, starter int, o Options) (Position, error) {
	n := len(players)
	if _, ok := Removed(n); !ok {
		return Position{}, scoring.Refusef(0, "player_count", "KOC-1", "Kociaki Łobuziaki is played by %d to %d players, not %d", MinPlayers, MaxPlayers, n)
	}
	if !slices.Contains(Colours(), start.Colour) {
		return Position{}, scoring.Refusef(0, "no_such_colour", "KOC-3", "the start tile is %q; furniture tiles are %s", scoring.Name(start.Colour), colourList())
	}
	if starter < 0 || starter >= n {
		return Position{}, scoring.Refusef(0, "no_such_player", "KOC-3", "seat %d cannot hold the start marker: there are %d players", starter+1, n)
	}
	p := Position{Start: start, Starter: starter, Options: o}
	for _, name := range players {
		p.Players = append(p.Players, Seat{Name: strings.TrimSpace(name), Chips: map[int][]int{}, Tiles: map[Colour]int{}})
	}
	return p, nil
}

// Phase says what the game waits for now.
func (p Position) Phase() Phase {
	switch {
	case len(p.Tiles) == 0 || (p.done == len(p.Players) && len(p.Tiles) < Rounds):
		return WaitTile
	case p.done < len(p.Players):
		return WaitTurn
	case !p.measured && len(p.TiedForWin()) > 1:
		return WaitString
	}
	return Over
}

// Over reports that the game is finished.
func (p Position) Over() bool { return p.Phase() == Over }

// Round is the round being played (1–12), or 12 once the game is over.
func (p Position) Round() int {
	if p.Phase() == WaitTile {
		return len(p.Tiles) + 1
	}
	return len(p.Tiles)
}

// LastRound reports that the round being played is round 12.
func (p Position) LastRound() bool { return p.Round() == Rounds }

// StartSeat is the seat holding the start marker in the round being
// played: the marker passes left every round (ruling KOC-3).
func (p Position) StartSeat() int {
	if len(p.Players) == 0 { // the zero Position: no game set up
		return 0
	}
	return (p.Starter + p.Round() - 1) % len(p.Players)
}

// Current is the seat to play now: the start player for the tile, then
// each player clockwise for the string; -1 when no one is (string left,
// game over).
func (p Position) Current() int {
	if len(p.Players) == 0 {
		return -1
	}
	switch p.Phase() {
	case WaitTile:
		return p.StartSeat()
	case WaitTurn:
		return (p.StartSeat() + p.done) % len(p.Players)
	}
	return -1
}

// ToMove names the player to act, "" when no single player is.
func (p Position) ToMove() string {
	if i := p.Current(); i >= 0 {
		return p.Players[i].Name
	}
	return ""
}

// LastTile is the tile on top of the furniture pile: the start tile until
// the first round's tile is played.
func (p Position) LastTile() Tile {
	if len(p.Tiles) == 0 {
		return p.Start
	}
	return p.Tiles[len(p.Tiles)-1].Tile
}

// Removed is how many chips setup took out of every pile (ruling KOC-1).
func (p Position) Removed() int {
	r, _ := Removed(len(p.Players))
	return r
}

// Pile says what toy's pile may give next (ruling KOC-2).
func (p Position) Pile(toy int) Pile { return pileLeft(p.Removed(), toy, p.Taken[toy-1]) }

// ChipsLeft is how many chips toy's pile still holds (setup leaves
// 5 − removed; KOC-1).
func (p Position) ChipsLeft(toy int) int {
	return len(pileChips) - p.Removed() - len(p.Taken[toy-1])
}

// Outcome is what taking the top chip of a pile may give: one value, or
// Empty for a used-up pile.
type Outcome struct {
	Chip  int
	Empty bool
}

// Outcomes lists what toy's pile may give the next player who crosses it,
// smallest first, then "empty" if it may be used up (ruling KOC-2). One
// outcome means the app knows it; several mean the player says which.
func (p Position) Outcomes(toy int) []Outcome {
	return outcomes(p.Pile(toy))
}

func outcomes(pl Pile) []Outcome {
	var out []Outcome
	for _, v := range pl.Next {
		out = append(out, Outcome{Chip: v})
	}
	if pl.MayBeEmpty {
		out = append(out, Outcome{Empty: true})
	}
	return out
}

// Moves lists the moves open now, in a compact form where a move's space
// is large:
//   - when a tile is due: one step per colour the rules allow (TileError),
//     its piece left empty (the table names the piece freely);
//   - in a turn: crossing no toy, and each toy once with each outcome its
//     pile may give (Outcomes: one known chip, or each chip the player
//     must choose between, or an empty pile); a string that crosses
//     several toys plays such crossings in order, a pile crossed twice
//     giving its next chip the second time. In round 12 also not enough
//     string (ruling KOC-5);
//   - after round 12 on a tie: the string left, with 0 for each tied
//     player, which stands for any length of 0 or more (ruling KOC-5).
//
// None once the game is over. Every step it lists is one Apply accepts.
func (p Position) Moves() []Step {
	var out []Step
	switch p.Phase() {
	case WaitTile:
		for _, c := range Colours() {
			if p.TileError(c) == nil {
				out = append(out, Step{Kind: PlayTile, Tile: Tile{Colour: c}})
			}
		}
	case WaitTurn:
		out = append(out, Step{Kind: PullString})
		for toy := 1; toy <= Toys; toy++ {
			for _, o := range p.Outcomes(toy) {
				out = append(out, Step{Kind: PullString, Crossed: []Take{{Toy: toy, Chip: o.Chip, Empty: o.Empty}}})
			}
		}
		if p.LastRound() {
			out = append(out, Step{Kind: PullString, Short: true})
		}
	case WaitString:
		left := map[string]float64{}
		for _, name := range p.TiedForWin() {
			left[name] = 0
		}
		out = append(out, Step{Kind: MeasureString, StringLeft: left})
	}
	return out
}

// Hand says what each player's hand of furniture tiles is with this
// many players (rule text D, ruling KOC-3).
func Hand(players int) scoring.Phrase {
	switch players {
	case 2:
		return scoring.Phrasef("2 players: each takes 1 tile from each colour and 3 more from 3 different colours (7)")
	case 3:
		return scoring.Phrasef("3 players: each takes 1 tile from each colour and 1 more (5)")
	}
	return scoring.Phrasef("%d players: each takes 1 tile from each colour (4)", players)
}

// TileError is the StepError playing a tile of colour c now would cause,
// nil if the rules allow it (for the pages: which colours to offer).
func (p Position) TileError(c Colour) *StepError {
	step := p.steps + 1
	if err := p.phaseError(PlayTile); err != nil {
		return err
	}
	if !slices.Contains(Colours(), c) {
		return scoring.Refusef(step, "no_such_colour", "KOC-3", "%q is not a furniture colour; the tiles are %s", scoring.Name(c), colourList())
	}
	seat := p.Players[p.Current()]
	name, col := scoring.Name(seat.Name), c.Word()
	// Rule text A: the chosen tile differs in colour from the last one.
	if last := p.LastTile(); last.Colour == c {
		if last.Piece == "" {
			return scoring.Refusef(step, "same_colour", "KOC-3", "%s cannot play a %s tile on the %s tile: a tile must differ in colour from the tile it is played on", name, col, last.Colour.Word())
		}
		return scoring.Refusef(step, "same_colour", "KOC-3", "%s cannot play a %s tile on the %s %s: a tile must differ in colour from the tile it is played on", name, col, last.Colour.Word(), scoring.Name(last.Piece))
	}
	// Hands (rule text D, ruling KOC-3): one tile of each colour, plus
	// one extra (3 players) or three extras from three different stacks
	// (2 players). A player cannot play more tiles of a colour than their
	// hand can hold.
	n := len(p.Players)
	tiles := maps.Clone(seat.Tiles)
	tiles[c]++
	extras, perColour := 0, 0
	for _, k := range tiles {
		extras += max(0, k-1)
		perColour = max(perColour, k)
	}
	switch {
	case n == 4 && tiles[c] > 1:
		return scoring.Refusef(step, "hand_colour", "KOC-3", "%s has played their %s tile already: with 4 players each hand holds one tile of each colour", name, col)
	case n == 3 && extras > 1:
		if twice, ok := extraUsed(seat.Tiles); ok {
			return scoring.Refusef(step, "hand_colour", "KOC-3", "%s cannot have another %s tile: with 3 players a hand is one tile of each colour plus one more, and their extra tiles were %s", name, col, twice)
		}
		return scoring.Refusef(step, "hand_colour", "KOC-3", "%s cannot have another %s tile: with 3 players a hand is one tile of each colour plus one more, and the extra tiles are played already", name, col)
	case n == 2 && perColour > 2:
		// With at most two of a colour, a player's 6 tiles in 12 rounds
		// span 3 colours or more, so the three extras always suffice.
		return scoring.Refusef(step, "hand_colour", "KOC-3", "%s has played two %s tiles already: with 2 players a hand holds one tile of each colour plus three more from three different colours", name, col)
	}
	// Each colour has 5 tiles, one fewer after the start tile; every
	// player was dealt one, and the extras of a colour come from what is
	// left (ruling KOC-3).
	stack := TilesPerColour
	if p.Start.Colour == c {
		stack--
	}
	need := n
	for i, s := range p.Players {
		k := s.Tiles[c]
		if i == p.Current() {
			k++
		}
		need += max(0, k-1)
	}
	if need > stack {
		return scoring.Refusef(step, "colour_used_up", "KOC-3", "no %s tile is left for %s: the %s stack held %d tiles after the start tile was laid, one was dealt to each of the %d players and the rest are played already", col, name, col, stack, n)
	}
	return nil
}

// extraUsed names the colours a player's extra tiles were already spent
// on ("yellow", "yellow, pink"); false when none.
func extraUsed(tiles map[Colour]int) (scoring.Phrase, bool) {
	var twice scoring.Phrase
	for _, c := range Colours() {
		switch {
		case tiles[c] <= 1:
		case twice.IsZero():
			twice = c.Word()
		default:
			twice = scoring.Phrasef("%s, %s", twice, c.Word())
		}
	}
	return twice, !twice.IsZero()
}

// phaseError refuses a move of the wrong kind for the phase.
func (p Position) phaseError(k StepKind) *StepError {
	step := p.steps + 1
	ph := p.Phase()
	switch {
	case len(p.Players) == 0:
		return scoring.Refusef(step, "player_count", "KOC-1", "no game is set up: Start one with 2 to 4 players first")
	case ph == Over:
		return scoring.Refusef(step, "after_game_end", "KOC-3", "the game is over after %d rounds; nothing more is played", Rounds)
	case ph == WaitString && k != MeasureString:
		return scoring.Refusef(step, "string_expected", "KOC-5", "all %d rounds are played and %s tie on the top total: measure the string left on their spools", Rounds, p.TiedForWin())
	case ph != WaitString && k == MeasureString:
		return scoring.Refusef(step, "string_not_asked", "KOC-5", "the string left is measured only after round 12, and only when the top totals tie")
	case ph == WaitTile && k == PullString:
		return scoring.Refusef(step, "tile_first", "KOC-3", "round %d starts with %s playing a furniture tile (start marker); then the strings are pulled", p.Round(), scoring.Name(p.ToMove()))
	case ph == WaitTurn && k == PlayTile:
		return scoring.Refusef(step, "round_not_finished", "KOC-3", "round %d is still going: %s pulls their string next; one tile is played per round", p.Round(), scoring.Name(p.ToMove()))
	}
	return nil
}

// Apply plays one move. The receiver is left unchanged.
func (p Position) Apply(s Step) (Position, *StepError) {
	if err := p.phaseError(s.Kind); err != nil {
		return p, err
	}
	switch s.Kind {
	case PlayTile:
		return p.playTile(s.Tile)
	case PullString:
		return p.pull(s)
	case MeasureString:
		return p.measure(s.StringLeft)
	}
	return p, scoring.Refusef(p.steps+1, "unknown_step", "KOC-3", "a step plays a tile, pulls a string or measures the string left")
}

func (p Position) playTile(t Tile) (Position, *StepError) {
	if err := p.TileError(t.Colour); err != nil {
		return p, err
	}
	next := p.clone()
	seat := &next.Players[next.Current()]
	seat.Tiles[t.Colour]++
	next.Tiles = append(next.Tiles, Played{Tile: t, By: next.Current()})
	next.done = 0
	next.steps++
	return next, nil
}

// pull is one player's turn: the chips of the toys their string crossed
// (rule text B), or nothing when short of string in round 12 (KOC-5).
func (p Position) pull(s Step) (Position, *StepError) {
	step := p.steps + 1
	name := scoring.Name(p.ToMove())
	if s.Short {
		if !p.LastRound() {
			return p, scoring.Refusef(step, "short_before_last_round", "KOC-5", "“not enough string” counts only in round %d; this is round %d — enter the toys %s's string crossed", Rounds, p.Round(), name)
		}
		if len(s.Crossed) > 0 {
			return p, scoring.Refusef(step, "short_with_toys", "KOC-5", "%s had not enough string and takes no chips this round, so no toys can be crossed", name)
		}
	}
	next := p.clone()
	seat := &next.Players[next.Current()]
	seat.Short = s.Short
	for i, t := range s.Crossed {
		if t.Toy < 1 || t.Toy > Toys {
			return p, scoring.Refusef(step, "no_such_toy", "KOC-1", "toy %d does not exist; toys are numbered 1 to %d", t.Toy, Toys)
		}
		got, err := next.take(t, name)
		if err != nil {
			if i > 0 {
				// The toy crossed, then the reason, kept as a phrase so a
				// page says both in its language.
				return p, scoring.Refusef(step, err.Code, err.Rule, "toy %d (the %s toy crossed): %s", t.Toy, ordinal(i+1), err.Phrase)
			}
			err.Step = step
			return p, err
		}
		if got > 0 {
			next.Taken[t.Toy-1] = append(next.Taken[t.Toy-1], got)
			seat.Chips[t.Toy] = append(seat.Chips[t.Toy], got)
		}
	}
	next.done++
	next.steps++
	return next, nil
}

// take checks one crossed toy against its pile (ruling KOC-2) and returns
// the chip taken, 0 for an empty pile.
func (p Position) take(t Take, name scoring.Name) (int, *StepError) {
	pl := p.Pile(t.Toy)
	outs := outcomes(pl)
	may := outcomeList(outs)
	switch {
	case t.Empty && t.Chip != 0:
		return 0, scoring.Refusef(0, "chip_impossible", "KOC-2", "toy %d: a chip of %d and an empty pile at once", t.Toy, t.Chip)
	case t.Empty:
		if !pl.MayBeEmpty {
			if left := p.ChipsLeft(t.Toy); left != 1 {
				return 0, scoring.Refusef(0, "chip_impossible", "KOC-2", "toy %d's pile cannot be empty yet: it still holds %d chips; it gives %s", t.Toy, left, may)
			}
			return 0, scoring.Refusef(0, "chip_impossible", "KOC-2", "toy %d's pile cannot be empty yet: it still holds 1 chip; it gives %s", t.Toy, may)
		}
		return 0, nil
	case t.Chip != 0:
		if !slices.Contains(pl.Next, t.Chip) {
			if len(pl.Next) == 0 {
				return 0, scoring.Refusef(0, "chip_impossible", "KOC-2", "toy %d's pile is used up, so %s gets no chip for it (rule text: an empty pile gives nothing)", t.Toy, name)
			}
			return 0, scoring.Refusef(0, "chip_impossible", "KOC-2", "toy %d's pile cannot give a %d now: it gives %s (piles are taken from the smallest value up, %s)", t.Toy, t.Chip, may, removal(len(p.Players), p.Removed()))
		}
		return t.Chip, nil
	case len(outs) == 1:
		return outs[0].Chip, nil
	}
	return 0, scoring.Refusef(0, "chip_unknown", "KOC-2", "toy %d's pile may give %s (the chips removed at setup are unknown): say which chip %s took", t.Toy, may, name)
}

// outcomeList names outcomes: "a 2 or a 3", "a 4 or nothing (used up)".
func outcomeList(outs []Outcome) scoring.Phrase {
	var list scoring.Phrase
	for _, o := range outs {
		word := scoring.Phrasef("a %d", o.Chip)
		if o.Empty {
			word = scoring.Phrasef("nothing (used up)")
		}
		if list.IsZero() {
			list = word
		} else {
			list = scoring.Phrasef("%s or %s", list, word)
		}
	}
	return list
}

// measure records the string left after round 12 (ruling KOC-5): every
// player tied on the top total needs a length; others may be given too.
func (p Position) measure(left map[string]float64) (Position, *StepError) {
	step := p.steps + 1
	next := p.clone()
	for name, v := range left {
		i := slices.IndexFunc(next.Players, func(s Seat) bool { return strings.EqualFold(s.Name, strings.TrimSpace(name)) })
		if i < 0 {
			return p, scoring.Refusef(step, "no_such_player", "KOC-5", "%q does not play at this table", scoring.Name(name))
		}
		if v < 0 {
			return p, scoring.Refusef(step, "string_negative", "KOC-5", "%s: the string left is 0 or more, not %g", scoring.Name(next.Players[i].Name), v)
		}
		next.Players[i].StringLeft = &v
	}
	var missing []string
	for _, name := range p.TiedForWin() {
		i := slices.IndexFunc(next.Players, func(s Seat) bool { return s.Name == name })
		if next.Players[i].StringLeft == nil {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return p, scoring.Refusef(step, "string_missing", "KOC-5", "the most string left on the spool breaks the tie: measure it for %s", missing)
	}
	next.measured = true
	next.steps++
	return next, nil
}

// TiedForWin names the players on the top total when two or more share
// it once all 12 rounds are played (the string decides, KOC-5); nil
// otherwise.
func (p Position) TiedForWin() []string {
	if len(p.Tiles) < Rounds || p.done < len(p.Players) {
		return nil
	}
	top := scoring.Highest(p.Totals())
	if len(top) < 2 {
		return nil
	}
	return top
}

// Totals scores every seat's chips so far with the table's variant
// (ruling KOC-4), in seat order.
func (p Position) Totals() []scoring.PlayerResult {
	st := p.Final()
	out := make([]scoring.PlayerResult, len(st.Players))
	for i, pl := range st.Players {
		out[i] = scoring.PlayerResult{Name: pl.Name, Total: scoring.Sum(Breakdown(pl, st.Options))}
	}
	return out
}

// Final is the position as a /score State, so Score can check and score it.
func (p Position) Final() State {
	s := State{Options: p.Options, Players: []Player{}}
	for _, seat := range p.Players {
		pl := Player{Name: seat.Name, Chips: map[string][]int{}}
		for toy, chips := range seat.Chips {
			if len(chips) > 0 {
				pl.Chips[strconv.Itoa(toy)] = slices.Clone(chips)
			}
		}
		if seat.StringLeft != nil {
			v := *seat.StringLeft
			pl.StringLeft = &v
		}
		s.Players = append(s.Players, pl)
	}
	return s
}

func (p Position) clone() Position {
	next := p
	next.Tiles = slices.Clone(p.Tiles)
	next.Players = slices.Clone(p.Players)
	for i, s := range next.Players {
		next.Players[i].Chips = make(map[int][]int, len(s.Chips))
		for toy, c := range s.Chips {
			next.Players[i].Chips[toy] = slices.Clone(c)
		}
		next.Players[i].Tiles = maps.Clone(s.Tiles)
		if next.Players[i].Tiles == nil {
			next.Players[i].Tiles = map[Colour]int{}
		}
	}
	for i := range next.Taken {
		next.Taken[i] = slices.Clone(p.Taken[i])
	}
	return next
}

// colourList names the furniture colours as messages do (a test checks
// it against Colours), as a phrase argument.
func colourList() scoring.Phrase { return scoring.Phrasef("yellow, turquoise, pink and green") }

func ordinal(n int) scoring.Phrase {
	switch n {
	case 1:
		return scoring.Phrasef("first")
	case 2:
		return scoring.Phrasef("second")
	case 3:
		return scoring.Phrasef("third")
	}
	return scoring.Phrasef("%dth", n)
}
