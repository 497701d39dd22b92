"""The interpretation functions Omega of a node (paper 3.4.1, Tables 1-4): node models that cost
the computation AAUs on an SAU's processing and memory components."""
