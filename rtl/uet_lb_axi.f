axi/uet_lb_axis.sv
axi/uet_lb_axil.sv
axi/uet_lb_axi.sv
