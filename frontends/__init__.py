"""Application module (paper 3.3): source programs into the AAG and SAAG."""
