package kks

import (
	"context"
	"io"
	"testing"

	"tablemate/scoring"
)

func benchEntry() KKSEntryVM {
	vm := KKSEntryVM{Heading: scoring.Verbatim("Game 1"), Action: "/tables/abc/games", Turns: 12, Submit: scoring.Verbatim("Check and save")}
	for i, name := range []string{"Amelia", "Victor", "Enrique"} {
		p := KKSPlayer{Index: i, Name: name, Tokens: "3"}
		for _, c := range []string{"red", "yellow", "black", "blue"} {
			p.Stacks = append(p.Stacks, KKSStack{Colour: c, Value: "1 5 x 7"})
		}
		p.Adjustments = make([]KKSAdjust, 2)
		vm.Players = append(vm.Players, p)
	}
	return vm
}

// BenchmarkRender renders the result editor from a fixed model, as
// views.BenchmarkRender does the shared pages (go test -bench Render
// -benchmem).
func BenchmarkRender(b *testing.B) {
	b.Run("kks-entry", func(b *testing.B) {
		comp := KKSEntry(benchEntry())
		b.ReportAllocs()
		for b.Loop() {
			if err := comp.Render(context.Background(), io.Discard); err != nil {
				b.Fatal(err)
			}
		}
	})
}
