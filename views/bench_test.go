package views

import (
	"context"
	"io"
	"testing"

	"github.com/a-h/templ"

	"tablemate/scoring"
)

func benchTable() TableVM {
	vm := TableVM{TableView: TableView{Base: "/tables/abc", Name: "Friday", Game: scoring.Info{Title: "Koffer, Katze & Sombrero", MaxPlayers: 4},
		Players: []string{"Amelia", "Victor", "Enrique"}, Leaders: []string{"Amelia"}}, UndoLabel: scoring.Phrasef("game %d entered", 5)}
	for i, p := range vm.Players {
		vm.Chart.Bars = append(vm.Chart.Bars, Bar{Label: p, Value: float64(300 - 10*i), Lead: i == 0})
	}
	lines := LineChart{ID: "totals-chart", Title: scoring.Verbatim("Running totals after 5 games"), XLabel: scoring.Verbatim("Game")}
	for i, p := range vm.Players {
		lines.Series = append(lines.Series, Series{Name: p, Values: []float64{float64(62 - i), float64(109 - i), float64(170 - 2*i), float64(230 - 5*i), float64(300 - 10*i)}})
	}
	vm.Lines = Lines(lines) // drawn on every render, as a cache miss is
	for g := 1; g <= 5; g++ {
		vm.Games = append(vm.Games, GameRow{Number: g, Totals: []string{"62", "47", "58"}, Status: GameStatus{Checked: true}})
		vm.Log = append(vm.Log, LogRow{Seq: g, Text: LogText{Phrase: scoring.Phrasef("game %d entered", g)}, At: "20:15"})
	}
	return vm
}

func benchResult() ResultVM {
	r := scoring.NewResult("koffer-katze-sombrero")
	r.Valid, r.GameOver, r.Winners = true, true, []string{"Amelia"}
	for _, name := range []string{"Amelia", "Victor", "Enrique"} {
		r.Players = append(r.Players, scoring.PlayerResult{Name: name, Total: 58, Breakdown: []scoring.Line{
			{Label: "red face-up", Points: 13}, {Label: "yellow face-up", Points: 16}, {Label: "yellow face-down (1)", Points: -1}, {Label: "tokens", Points: 3},
		}})
	}
	return ResultVM{Heading: scoring.Verbatim("Game 1"), GameTitle: scoring.Verbatim("Koffer, Katze & Sombrero"), Result: r}
}

// BenchmarkRender renders the main pages (go test -bench Render -benchmem).
func BenchmarkRender(b *testing.B) {
	pages := []struct {
		name string
		comp templ.Component
	}{
		{"home", Home(HomeVM{Games: []scoring.Info{{Title: "A"}}, Recent: []TableRow{{ID: "a", Name: "Friday"}}})},
		{"table", TablePage(benchTable())},
		{"result", ResultPage(benchResult())},
	}
	for _, p := range pages {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := p.comp.Render(context.Background(), io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
