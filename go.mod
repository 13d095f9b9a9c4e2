module github.com/fastkzg/fastkzg

go 1.22

require (
	github.com/supranational/blst v0.3.16
	gopkg.in/yaml.v3 v3.0.1
)
