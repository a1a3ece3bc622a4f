package table

import (
	"slices"
	"testing"
)

func TestSeated(t *testing.T) {
	for _, c := range []struct{ players, seats, want []string }{
		{[]string{"", "", ""}, []string{"Ana", "Ben"}, []string{"Ana", "Ben", ""}},
		{[]string{"Cy", "", "Dee", ""}, []string{"Ana"}, []string{"Cy", "", "Dee", "Ana"}},
		{[]string{"Cy", "Dee"}, []string{"Ana", " dee "}, []string{"Cy", "Dee", "Ana"}},
		{nil, []string{"Ana", ""}, []string{"Ana"}},
	} {
		if got := seated(c.players, c.seats); !slices.Equal(got, c.want) {
			t.Errorf("seated(%q, %q) = %q, want %q", c.players, c.seats, got, c.want)
		}
	}
}
