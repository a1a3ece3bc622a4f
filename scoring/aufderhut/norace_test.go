//go:build !race

package aufderhut

// raceDetector tells whether the test binary was built with -race.
const raceDetector = false
