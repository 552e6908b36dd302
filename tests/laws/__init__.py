"""The laws of LAWS.bend, one test each (test_<law>), and a machine that plays them."""
