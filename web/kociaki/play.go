package kociaki

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"tablemate/scoring"
	"tablemate/scoring/kociaki"
	"tablemate/sessions"
	"tablemate/views"
	"tablemate/web/kit"
)

// kocPlay is Kociaki Łobuziaki played along: the start tile and marker,
// then every round the start player's tile and each player's string.
type kocPlay struct{}

func (kocPlay) SetupPage(c echo.Context, t sessions.Table, errs views.Errors) templ.Component {
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Styles = []string{"css/play-koc.css"}
	vm := KocSetupVM{Page: p, Form: kit.Form(c, t.Head), TableName: t.Name, Base: kit.EditBase(c), Players: t.Players, Errors: errs,
		StartTile: c.FormValue("start_tile"), StartPiece: c.FormValue("start_piece"), Starter: kit.FirstPlayer(c, t, "starter"),
		Variant: c.FormValue("variant"), AllTypesBonus: c.FormValue("all_types_bonus")}
	if vm.Variant == "" { // a first view: the table's own options, if it has any
		var o kociaki.Options
		if json.Unmarshal(t.Options, &o) == nil {
			vm.Variant, vm.AllTypesBonus = o.Variant, o.AllTypesBonus
		}
	}
	for _, col := range kociaki.Colours() {
		vm.Colours = append(vm.Colours, string(col))
	}
	n := len(t.Players)
	vm.Hands = kociaki.Hand(n)
	if r, ok := kociaki.Removed(n); ok && r > 0 {
		vm.Removal = scoring.Count(r, "Remove 1 chip from each toy pile at random, unseen; this app then asks for a chip’s value only when the pile could hold either",
			"Remove %d chips from each toy pile at random, unseen; this app then asks for a chip’s value only when the pile could hold either")
	} else {
		vm.Removal = scoring.Phrasef("All 50 toy chips are used: the app knows every chip")
	}
	return KocSetup(vm)
}

func (kocPlay) SetupJSON(c echo.Context, t sessions.Table) (json.RawMessage, error) {
	opts, err := json.Marshal(kociaki.Options{Variant: strings.TrimSpace(c.FormValue("variant")), AllTypesBonus: strings.TrimSpace(c.FormValue("all_types_bonus"))})
	if err != nil {
		return nil, err
	}
	// The seats are recorded so a player joining mid-game does not change
	// the game being played (kociaki.Setup.Seats).
	return json.Marshal(kociaki.Setup{Seats: t.Players, StartTile: strings.TrimSpace(c.FormValue("start_tile")), StartPiece: c.FormValue("start_piece"),
		Starter: c.FormValue("starter"), Options: opts})
}

// stepJSON reads the posted move: a tile, a turn (toys ticked, the chip
// chosen where the pile leaves it open; or none; or short of string) or
// the string left after a tie.
func (kocPlay) StepJSON(c echo.Context, t sessions.Table) (json.RawMessage, error) {
	form, err := c.FormParams()
	if err != nil {
		return nil, kit.FormErrorf("step", "the form could not be read")
	}
	switch c.FormValue("kind") {
	case "tile":
		col, ok := kociaki.ParseColour(c.FormValue("tile"))
		if !ok {
			return nil, kit.FormErrorf("tile", "Tap the colour of the tile played.")
		}
		return kociaki.StepJSON(kociaki.Step{Kind: kociaki.PlayTile, Tile: kociaki.Tile{Colour: col, Piece: strings.TrimSpace(c.FormValue("piece"))}}), nil
	case "string":
		left := map[string]float64{}
		for i, name := range t.Players {
			s := strings.TrimSpace(c.FormValue(fmt.Sprintf("string.%d", i)))
			if s == "" {
				continue
			}
			f, err := strconv.ParseFloat(strings.Replace(s, ",", ".", 1), 64)
			if err != nil || f < 0 || math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, kit.FormErrorf(fmt.Sprintf("string.%d", i), "%s: the string left is a length such as 35 or 7.5, not %q.", scoring.Name(name), s)
			}
			left[name] = f
		}
		return kociaki.StepJSON(kociaki.Step{Kind: kociaki.MeasureString, StringLeft: left}), nil
	case "turn":
	default:
		return nil, kit.FormErrorf("kind", "This form is not a move of the game; reload the page.")
	}
	toys := form["toy"]
	short := c.FormValue("short") != ""
	if short || c.FormValue("none") != "" {
		if len(toys) > 0 {
			choice := scoring.Phrasef("No toy crossed")
			if short {
				choice = scoring.Phrasef("Not enough string")
			}
			return nil, kit.FormErrorf("toy", "You ticked toy %s but chose “%s”: untick the toys, or take their chips.", strings.Join(toys, ", "), choice)
		}
		return kociaki.StepJSON(kociaki.Step{Kind: kociaki.PullString, Short: short}), nil
	}
	if len(toys) == 0 {
		return nil, kit.FormErrorf("toy", "Tick the toys the string crossed, or tap “No toy crossed”.")
	}
	step := kociaki.Step{Kind: kociaki.PullString}
	for _, s := range toys {
		toy, err := strconv.Atoi(s)
		if err != nil {
			return nil, kit.FormErrorf("toy", "%q is not a toy number.", s)
		}
		take := kociaki.Take{Toy: toy}
		switch v := c.FormValue("chip." + s); v {
		case "":
		case "empty":
			take.Empty = true
		default:
			if take.Chip, err = strconv.Atoi(v); err != nil {
				return nil, kit.FormErrorf("chip."+s, "%q is not a chip value.", v)
			}
		}
		step.Crossed = append(step.Crossed, take)
	}
	return kociaki.StepJSON(step), nil
}

// kocMeCookie remembers which player this phone belongs to; its path is
// the table's edit link, so each table has its own.
const kocMeCookie = "koc-me"

// kocMe is the seat this phone belongs to (-1: shared): ?me= sets it
// ("none" clears it) and a cookie remembers it.
func kocMe(c echo.Context, t sessions.Table, seats int) int {
	me := -1
	if q := c.QueryParam("me"); q != "" {
		if i, err := strconv.Atoi(q); err == nil && i >= 0 && i < seats {
			me = i
		}
		c.SetCookie(&http.Cookie{Name: kocMeCookie, Value: strconv.Itoa(me), Path: kit.EditBase(c), MaxAge: 7 * 24 * 3600,
			HttpOnly: true, SameSite: http.SameSiteLaxMode})
		return me
	}
	if ck, err := c.Cookie(kocMeCookie); err == nil {
		if i, err := strconv.Atoi(ck.Value); err == nil && i >= 0 && i < seats {
			me = i
		}
	}
	return me
}

// LastMove names the newest move (kit.MoveNamer): "Ben’s turn (toy 1, 5)".
func (kocPlay) LastMove(t sessions.Table) (scoring.Phrase, error) {
	before, pos, last, _, err := kociaki.Engine{}.LastOf(t.Play.Log())
	if err != nil || len(t.Play.Steps) == 0 {
		return scoring.Phrase{}, err
	}
	return kocStepText(before, pos, last, len(t.Play.Steps)), nil
}

func (kocPlay) TurnPage(c echo.Context, t sessions.Table, flash, undo scoring.Phrase) (templ.Component, error) {
	before, pos, last, _, err := kociaki.Engine{}.LastOf(t.Play.Log())
	if err != nil {
		return nil, fmt.Errorf("resume guided game: %w", err)
	}
	p := kit.Page(c, scoring.Verbatim(t.Name))
	p.Styles = []string{"css/play-koc.css"}
	p.Flash, p.FlashKind = flash, "bad"
	base := kit.EditBase(c)
	vm := KocPlayVM{Page: p, Form: kit.Form(c, t.Head), TableName: t.Name, Base: base,
		Round: pos.Round(), Rounds: kociaki.Rounds, StartPlayer: pos.Players[pos.StartSeat()].Name, ToAct: pos.ToMove(),
		LastRound: pos.LastRound(), Start: kocTileVM(pos.Start, 0, ""), LastTile: kocTileVM(pos.LastTile(), 0, ""),
		Variant: pos.Options.Variant, Me: kocMe(c, t, len(pos.Players))}
	// The colours and chips offered are the moves the engine lists
	// (kociaki.Position.Moves); a colour it does not list says why.
	moves := pos.Moves()
	switch pos.Phase() {
	case kociaki.WaitTile:
		vm.Phase = "tile"
		for _, col := range kociaki.Colours() {
			cv := KocColourVM{Colour: string(col)}
			if !slices.ContainsFunc(moves, func(m kociaki.Step) bool { return m.Tile.Colour == col }) {
				if serr := pos.TileError(col); serr != nil {
					cv.Refuse = scoring.Phrasef("%s (rule %s)", serr.Phrase, serr.Rule)
				}
			}
			vm.Colours = append(vm.Colours, cv)
		}
	case kociaki.WaitTurn:
		vm.Phase = "turn"
	default:
		vm.Phase = "string"
	}
	for i, pl := range pos.Tiles {
		vm.Tiles = append(vm.Tiles, kocTileVM(pl.Tile, i+1, pos.Players[pl.By].Name))
	}
	// A refused turn keeps the toys ticked and the chips chosen, and
	// opens the choice still missing.
	posted := kit.Refused(c, t)
	if posted.Get("kind") != "turn" {
		posted = nil
	}
	for toy := 1; toy <= kociaki.Toys; toy++ {
		tv := kocToyVM(pos, toy)
		if posted != nil {
			tv.Ticked = slices.Contains(posted["toy"], strconv.Itoa(toy))
			if ch := posted.Get("chip." + strconv.Itoa(toy)); slices.ContainsFunc(tv.Choices, func(k KocChoice) bool { return k.Value == ch }) {
				tv.Chosen = ch
			}
			tv.Missing = tv.Ticked && len(tv.Choices) > 1 && tv.Chosen == ""
		}
		vm.Toys = append(vm.Toys, tv)
	}
	totals := pos.Totals()
	tied := pos.TiedForWin()
	for i, s := range pos.Players {
		sv := KocSeatVM{Index: i, Name: s.Name, Chips: s.ChipCount(), Marker: i == pos.StartSeat() && !pos.Over(),
			ToAct: i == pos.Current(), Short: s.Short, Own: i == vm.Me}
		if sv.Own {
			sv.Total = totals[i].Total
			for toy := 1; toy <= kociaki.Toys; toy++ {
				if len(s.Chips[toy]) > 0 {
					sv.Values = append(sv.Values, KocHeldVM{Toy: toy, Values: s.Chips[toy]})
				}
			}
		}
		vm.Seats = append(vm.Seats, sv)
		if vm.Phase == "string" && slices.Contains(tied, s.Name) {
			vm.Tied = append(vm.Tied, sv)
			vm.TiedTotal = totals[i].Total
		}
	}
	vm.MeLinks = append(vm.MeLinks, KocMeLink{Label: scoring.Phrasef("shared"), ID: "shared", URL: base + "/play?me=none", Current: vm.Me < 0})
	for i, seat := range pos.Players {
		vm.MeLinks = append(vm.MeLinks, KocMeLink{Label: scoring.Verbatim(seat.Name), ID: seat.Name, URL: fmt.Sprintf("%s/play?me=%d", base, i), Current: vm.Me == i})
	}
	if !undo.IsZero() {
		vm.UndoLabel = kocStepText(before, pos, last, len(t.Play.Steps))
	}
	if len(t.Play.Steps) > 0 {
		vm.LastMove = kocStepText(before, pos, last, len(t.Play.Steps))
	}
	return KocPlay(vm), nil
}

func kocTileVM(tl kociaki.Tile, round int, by string) KocTileVM {
	return KocTileVM{Round: round, Colour: string(tl.Colour), Piece: tl.Piece, By: by}
}

// kocToyVM says what crossing toy gives now (ruling KOC-2) and, when the
// app cannot know the top chip (chips removed unseen, KOC-1), the choices:
// the outcomes the engine lists for its pile.
func kocToyVM(pos kociaki.Position, toy int) KocToyVM {
	v := KocToyVM{Toy: toy, Left: pos.ChipsLeft(toy), Taken: pos.Pile(toy).Taken}
	// What the pile may give, as the engine says it (Outcomes: the same
	// as the crossings Moves lists in a turn), so the tile step's piles
	// say their values too (#38).
	outs := pos.Outcomes(toy)
	var words []scoring.Phrase
	for _, o := range outs {
		if o.Empty {
			words = append(words, scoring.Phrasef("nothing"))
			v.Choices = append(v.Choices, KocChoice{Value: "empty", Label: scoring.Phrasef("nothing (used up)")})
			continue
		}
		words = append(words, scoring.Verbatim(strconv.Itoa(o.Chip)))
		v.Choices = append(v.Choices, KocChoice{Value: strconv.Itoa(o.Chip), Label: scoring.Phrasef("a %d", o.Chip)})
	}
	switch {
	case len(outs) == 1 && outs[0].Empty:
		v.UsedUp, v.Gives = true, scoring.Phrasef("used up: nothing")
	default:
		v.Gives = scoring.Phrasef("gives %s", scoring.List{Sep: " or ", Items: words})
	}
	return v
}

// kocStepText says what the newest step of the guided game, last, was
// (played on before and leading to pos), for the undo button, in the
// reader's language; steps counts the game's steps.
func kocStepText(before, pos kociaki.Position, last kociaki.Step, steps int) scoring.Phrase {
	if steps == 0 {
		return scoring.Phrasef("the set-up")
	}
	switch last.Kind {
	case kociaki.PlayTile:
		return scoring.Phrasef("the %s (round %d)", last.Tile.Phrase(), len(pos.Tiles))
	case kociaki.MeasureString:
		return scoring.Phrasef("the string left")
	}
	who := scoring.Phrasef("the last turn")
	if before.ToMove() != "" {
		who = scoring.Phrasef("%s’s turn", before.ToMove())
	}
	switch {
	case last.Short:
		return scoring.Phrasef("%s (short of string)", who)
	case len(last.Crossed) == 0:
		return scoring.Phrasef("%s (no toy)", who)
	}
	toys := make([]string, len(last.Crossed))
	for i, tk := range last.Crossed {
		toys[i] = strconv.Itoa(tk.Toy)
	}
	return scoring.Phrasef("%s (toy %s)", who, strings.Join(toys, ", "))
}
