package runemarket

// Price is the number of runes of one colour that buy a boat shelter or a
// bandit (ruling RUN-1): 4 with 2 players, 3 with 3, 2 with 4 or 5. It is 0
// for a player count the game does not allow.
func Price(players int) int {
	switch {
	case players < MinPlayers || players > MaxPlayers:
		return 0
	case players == 2:
		return 4
	case players == 3:
		return 3
	}
	return 2
}

// BuysRune says whether yellow number cards summing to sum buy one rune
// from the market: exactly 5, 10 or 15 (ruling RUN-1).
func BuysRune(sum int) bool {
	return sum == 5 || sum == 10 || sum == 15
}

// BoatOrBanditSum is the number-card sum that buys a boat shelter or a
// bandit, and also pays a bandit's ransom (ruling RUN-1).
const BoatOrBanditSum = 21

// BuysBoatOrBandit says whether number cards summing to cardsSum buy a boat
// shelter or a bandit: 21 or more (ruling RUN-1).
func BuysBoatOrBandit(cardsSum int) bool {
	return cardsSum >= BoatOrBanditSum
}
