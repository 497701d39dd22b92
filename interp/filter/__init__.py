"""Level 3 of paper 3.3.2, the machine filter: mapping mu of processes onto SAUs, the topology and
routes of the network, the decomposition of collectives into messages, buffer classes."""
