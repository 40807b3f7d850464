uet_lb_axis.sv
uet_lb_axil.sv
uet_lb_axi.sv
