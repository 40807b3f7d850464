// Anchor translation unit: the Verilated sources are added to this library by verilate().
