module tablemate

go 1.26
