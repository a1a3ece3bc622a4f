package runemarket

import "tablemate/scoring"

// Describe names step s as played on p by the player to move ("Ben
// bought a red rune with number cards"), for the last move a page shows
// and its undo button. A draw that hands the turn to a player with no
// interest to take says so too, since that phase is taken by itself
// (beginTurn): "Ben drew back to 3; Cy has no interest this turn:
// skipped".
func (p Position) Describe(s Step) scoring.Phrase {
	who := scoring.Name(p.ToMove())
	var what scoring.Phrase
	switch s.Do {
	case DoInterest:
		what = scoring.Phrasef("%s took the interest", who)
	case DoBuy:
		what = p.describeBuy(s, who)
	case DoRansom:
		what = byColour(s.Shelter, scoring.Phrasef("%s paid the ransom: the red shelter is free of its bandit", who),
			scoring.Phrasef("%s paid the ransom: the blue shelter is free of its bandit", who))
	case DoPlace:
		what = scoring.Phrasef("%s put %s into a shelter", who,
			byColour(s.Colour, scoring.Count(s.Count, "1 red rune", "%d red runes"), scoring.Count(s.Count, "1 blue rune", "%d blue runes")))
	case DoRune:
		what = byColour(s.Colour, scoring.Phrasef("%s bought a red rune with number cards", who),
			scoring.Phrasef("%s bought a blue rune with number cards", who))
	case DoShelter:
		what = byColour(s.Colour, scoring.Phrasef("%s played a red shelter", who), scoring.Phrasef("%s played a blue shelter", who))
	case DoThief:
		what = scoring.Phrasef("%s played a thief card", who)
	case DoDoubleTheft:
		what = scoring.Phrasef("%s played a shelter as a double theft", who)
	case DoDuel:
		what = scoring.Phrasef("%s challenged %s to a duel and lost", who, scoring.Name(s.Player))
		if s.Won {
			what = scoring.Phrasef("%s challenged %s to a duel and won", who, scoring.Name(s.Player))
		}
	case DoDraw:
		what = scoring.Phrasef("%s drew back to 3", who)
	case DoFinish:
		return scoring.Phrasef("The table entered the final ranking")
	default:
		return scoring.Phrasef("%s made a move", who)
	}
	if s.Do != DoDraw {
		return what
	}
	if next, err := p.Apply(s); err == nil && next.Interest != nil && next.Interest.Skipped {
		return scoring.Phrasef("%s; %s has no interest this turn: skipped", what, scoring.Name(next.ToMove()))
	}
	return what
}

// describeBuy names a purchase: what was bought, and with what.
func (p Position) describeBuy(s Step, who scoring.Name) scoring.Phrase {
	if s.Item == ItemBandit {
		return scoring.Phrasef("%s bought a bandit and put it into %s’s shelter", who, scoring.Name(s.Player))
	}
	switch {
	case len(s.Cards) > 0:
		return scoring.Phrasef("%s bought a boat shelter with number cards", who)
	case s.Pay == Blue:
		return scoring.Phrasef("%s bought a boat shelter with blue runes", who)
	}
	return scoring.Phrasef("%s bought a boat shelter with red runes", who)
}
