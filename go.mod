module github.com/fastkzg/fastkzg

go 1.22
