//go:build race

package i18n_test

// raceDetector tells whether the test binary was built with -race.
const raceDetector = true
