package runemarket

import (
	"context"

	"tablemate/scoring"
	"tablemate/scoring/runemarket"
	"tablemate/views/i18n"
)

// The move reader, for the external tests.
var Step = rmStep

// SaidPlayVM is the turn page's view model with its words said in one
// language, as the page shows them.
type SaidPlayVM struct {
	InterestText string
	Yields       []SaidYield
	BuyPays, BoatPlaces, BanditTargets, Steals,
	RansomShelters, RansomPays, PlaceOptions []SaidOption
}

// SaidYield is RMYieldVM said.
type SaidYield struct{ Shelter, Reason string }

// SaidOption is RMOption said.
type SaidOption struct{ Value, Label string }

// PlayVM is rmPlayVM for pos said in ctx's language.
func PlayVM(ctx context.Context, pos runemarket.Position) SaidPlayVM {
	vm := rmPlayVM(pos)
	say := func(p scoring.Phrase) string { return i18n.Say(ctx, p) }
	options := func(os []RMOption) []SaidOption {
		out := make([]SaidOption, len(os))
		for i, o := range os {
			out[i] = SaidOption{Value: o.Value, Label: say(o.Label)}
		}
		return out
	}
	out := SaidPlayVM{InterestText: say(vm.InterestText),
		BuyPays: options(vm.BuyPays), BoatPlaces: options(vm.BoatPlaces), BanditTargets: options(vm.BanditTargets), Steals: options(vm.Steals),
		RansomShelters: options(vm.RansomShelters), RansomPays: options(vm.RansomPays), PlaceOptions: options(vm.PlaceOptions)}
	for _, y := range vm.Yields {
		out.Yields = append(out.Yields, SaidYield{Shelter: say(y.Shelter), Reason: say(y.Reason)})
	}
	return out
}
