package kks

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/kks"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
)

// kksPlay is Koffer, Katze & Sombrero played along: the row is laid by
// tapping cards, then each turn is the card taken and the card turned up.
type kksPlay struct{}

func (kksPlay) SetupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component {
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Scripts = []string{"js/play.js"}
	return KKSSetup(KKSSetupVM{Page: p, Form: kit.Form(c, t.Head), TableName: t.Name, Base: kit.EditBase(c), Row: typedRow(c), Errors: errs, Starts: kit.WhoStarts(c, t)})
}

// typedRow is the row as posted (empty on a first view).
func typedRow(c echo.Context) []string {
	row := make([]string, kks.RowSize)
	for i := range row {
		row[i] = strings.TrimSpace(c.FormValue(fmt.Sprintf("row[%d]", i)))
	}
	return row
}

func (kksPlay) SetupJSON(c echo.Context, t sessions.Table) (json.RawMessage, error) {
	row := typedRow(c)
	for i, tok := range row {
		row[i] = englishCard(tok)
	}
	// The table's chosen first player takes the first turn.
	return json.Marshal(kks.Setup{Row: row, First: max(0, slices.Index(t.Players, t.First))})
}

// germanColours are the colours as the German rules name them; the row
// and the card grid of a German page say them so.
var germanColours = map[string]kks.Colour{"rot": kks.Red, "gelb": kks.Yellow, "schwarz": kks.Black, "blau": kks.Blue}

// englishCard reads a card typed with a German colour ("Rot 10") as the
// engine writes it ("red 10"); anything else is left as typed.
func englishCard(tok string) string {
	f := strings.Fields(tok)
	if len(f) == 2 {
		if col, ok := germanColours[strings.ToLower(f[0])]; ok {
			return string(col) + " " + f[1]
		}
	}
	return tok
}

func (kksPlay) TurnPage(c echo.Context, t sessions.Table, flash, undo scoring.Phrase) (templ.Component, error) {
	take, _ := strconv.Atoi(c.QueryParam("take"))
	if kept := kit.Refused(c, t); take == 0 && kept != nil {
		// A refused take opens again with its card chosen, the card turned
		// up still to choose (#38).
		take, _ = strconv.Atoi(kept.Get("take"))
	}
	vm, err := playVM(c, t, take, flash, undo)
	if err != nil {
		return nil, err
	}
	return KKSPlay(vm), nil
}

// LastMove names the newest move (kit.MoveNamer): "Ana took the red 10
// (pays 2); blue 7 turned up".
func (kksPlay) LastMove(t sessions.Table) (scoring.Phrase, error) {
	before, _, last, _, err := kks.Engine{}.LastOf(t.Play.Log())
	if err != nil || len(t.Play.Steps) == 0 {
		return scoring.Phrase{}, err
	}
	return kksMoveText(before, last), nil
}

// kksMoveText names step s as played on before, in the reader's language.
func kksMoveText(before kks.Position, s kks.Step) scoring.Phrase {
	if s.Take < 1 || s.Take > len(before.Row) {
		return scoring.Phrase{}
	}
	card := before.Row[s.Take-1].Card
	pays := scoring.Verbatim("")
	if pv, err := before.Preview(s.Take); err == nil {
		pays = paysText(pv.Cost)
	}
	took := scoring.Phrasef("%s took the %s %d (%s)", before.ToMove(), card.Colour.Word(), card.Value, pays)
	if s.Reveal != nil {
		took = scoring.Phrasef("%s; %s %d turned up", took, s.Reveal.Colour.Word(), s.Reveal.Value)
	}
	return took
}

// stepJSON reads the card taken and the card turned up.
func (kksPlay) StepJSON(c echo.Context, _ sessions.Table) (json.RawMessage, error) {
	take, err := strconv.Atoi(c.FormValue("take"))
	if err != nil {
		return nil, kit.FormErrorf("take", "Choose the card to take.")
	}
	step := kks.Step{Take: take}
	if r := c.FormValue("reveal"); r != "" {
		card, err := kks.ReadCard("reveal", englishCard(r))
		if err != nil {
			return nil, err
		}
		step.Reveal = &card
	}
	return kks.StepJSON(step), nil
}

// playVM replays the guided game to now and describes the turn: the
// takes and, for the take chosen, the cards the deck may turn up are the
// moves the engine lists (kks.Position.Moves); a take it does not list
// says why with the engine's refusal.
func playVM(c echo.Context, t sessions.Table, take int, flash, undo scoring.Phrase) (KKSPlayVM, error) {
	pos, err := kks.Engine{}.ResumeOf(t.Play.Log())
	if err != nil {
		return KKSPlayVM{}, fmt.Errorf("resume guided game: %w", err)
	}
	vm := KKSPlayVM{
		Page: kit.Page(c, scoring.Verbatim(t.Name)), Form: kit.Form(c, t.Head), TableName: t.Name, Base: kit.EditBase(c),
		Turn: pos.Turn(), Turns: pos.Turns(), DeckLeft: pos.DeckLeft, LastRound: pos.LastRound(), Current: pos.ToMove(),
	}
	vm.Flash, vm.FlashKind = flash, "bad"
	vm.Styles = []string{"css/play.css"}
	moves := pos.Moves()
	for i, rc := range pos.Row {
		r := RowCardVM{Pos: i + 1, Colour: string(rc.Card.Colour), Value: rc.Card.Value, Tokens: rc.Tokens,
			TakeURL: fmt.Sprintf("%s/play?take=%d", kit.EditBase(c), i+1)}
		if pv, serr := pos.Preview(i + 1); serr != nil {
			r.Refuse = serr.Phrase
		} else {
			r.Cost, r.Gain, r.FaceDown = pv.Cost, pv.Gain, pv.FaceDown
			r.Line = pv.Line
		}
		vm.Row = append(vm.Row, r)
	}
	for i, s := range pos.Players {
		seat := SeatVM{Name: s.Name, Tokens: s.Tokens, ToMove: i == pos.Current()}
		for _, col := range kks.Colours() {
			sv := views.StackView{Colour: string(col)}
			for _, card := range s.Display[col] {
				chip := views.ChipView{Text: strconv.Itoa(card.Value), Value: card.Value, Down: card.FaceDown}
				if card.FaceDown {
					chip.Text = "↓" + chip.Text
				}
				sv.Cards = append(sv.Cards, chip)
			}
			seat.Stacks = append(seat.Stacks, sv)
		}
		vm.Seats = append(vm.Seats, seat)
	}
	if take > 0 && take <= len(vm.Row) && vm.Row[take-1].Refuse.IsZero() {
		r := vm.Row[take-1]
		vm.Take, vm.TakeText = take, scoring.Phrasef("%s takes the %s %d (%s)", pos.ToMove(), kks.Colour(r.Colour).Word(), r.Value, paysText(r.Cost))
		for _, m := range moves {
			if m.Take == take && m.Reveal != nil {
				vm.Unseen = append(vm.Unseen, CardOption{Colour: string(m.Reveal.Colour), Value: m.Reveal.Value})
			}
		}
	}
	vm.UndoLabel = undo
	if len(t.Play.Steps) > 0 {
		vm.LastMove = lastMove(t)
	}
	return vm, nil
}

// lastMove is the newest move for the turn page (zero when the log does
// not replay).
func lastMove(t sessions.Table) scoring.Phrase {
	before, _, last, _, err := kks.Engine{}.LastOf(t.Play.Log())
	if err != nil {
		return scoring.Phrase{}
	}
	return kksMoveText(before, last)
}

// paysText is what a take costs, for the line that names the take.
func paysText(n int) scoring.Phrase {
	if n == 0 {
		return scoring.Phrasef("free")
	}
	return scoring.Phrasef("pays %d", n)
}
