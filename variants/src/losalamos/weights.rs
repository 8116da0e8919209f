//! The Los Alamos evaluation weights, in the layout of [`super::evaluation`]. Fitted by `amity
//! tune --variant losalamos` to 174,494 quiet positions of Amity's self-play (6,000 games at
//! 3,000 nodes), each labelled with Fairy-Stockfish's evaluation at 8,000 nodes
//! (`scripts/stockfish_labels.py --variant losalamos`). Change them by tuning, not by hand.

use amity_engine::evaluation::{Tapered, s};

/// Every weight, middlegame and endgame.
pub const WEIGHTS: [Tapered; 224] = [
    s(100, 100), // pawn on a1
    s(100, 100), // pawn on b1
    s(100, 100), // pawn on c1
    s(100, 100), // pawn on d1
    s(100, 100), // pawn on e1
    s(100, 100), // pawn on f1
    s(76, 119),  // pawn on a2
    s(97, 139),  // pawn on b2
    s(90, 127),  // pawn on c2
    s(99, 118),  // pawn on d2
    s(103, 114), // pawn on e2
    s(79, 117),  // pawn on f2
    s(84, 116),  // pawn on a3
    s(103, 142), // pawn on b3
    s(126, 122), // pawn on c3
    s(143, 119), // pawn on d3
    s(124, 130), // pawn on e3
    s(107, 105), // pawn on f3
    s(93, 116),  // pawn on a4
    s(140, 133), // pawn on b4
    s(170, 93),  // pawn on c4
    s(175, 109), // pawn on d4
    s(172, 123), // pawn on e4
    s(119, 102), // pawn on f4
    s(179, 170), // pawn on a5
    s(175, 186), // pawn on b5
    s(190, 161), // pawn on c5
    s(172, 208), // pawn on d5
    s(198, 194), // pawn on e5
    s(166, 213), // pawn on f5
    s(100, 100), // pawn on a6
    s(100, 100), // pawn on b6
    s(100, 100), // pawn on c6
    s(100, 100), // pawn on d6
    s(100, 100), // pawn on e6
    s(100, 100), // pawn on f6
    s(283, 299), // knight on a1
    s(330, 253), // knight on b1
    s(363, 280), // knight on c1
    s(306, 304), // knight on d1
    s(317, 276), // knight on e1
    s(278, 277), // knight on f1
    s(321, 277), // knight on a2
    s(335, 340), // knight on b2
    s(338, 302), // knight on c2
    s(361, 292), // knight on d2
    s(364, 303), // knight on e2
    s(363, 311), // knight on f2
    s(335, 306), // knight on a3
    s(312, 314), // knight on b3
    s(263, 337), // knight on c3
    s(262, 323), // knight on d3
    s(301, 323), // knight on e3
    s(321, 326), // knight on f3
    s(305, 325), // knight on a4
    s(353, 312), // knight on b4
    s(300, 313), // knight on c4
    s(355, 305), // knight on d4
    s(346, 341), // knight on e4
    s(329, 298), // knight on f4
    s(320, 284), // knight on a5
    s(327, 333), // knight on b5
    s(325, 329), // knight on c5
    s(319, 319), // knight on d5
    s(337, 326), // knight on e5
    s(311, 314), // knight on f5
    s(257, 273), // knight on a6
    s(290, 301), // knight on b6
    s(307, 317), // knight on c6
    s(293, 313), // knight on d6
    s(271, 294), // knight on e6
    s(283, 279), // knight on f6
    s(397, 455), // rook on a1
    s(419, 457), // rook on b1
    s(439, 439), // rook on c1
    s(466, 433), // rook on d1
    s(449, 428), // rook on e1
    s(424, 423), // rook on f1
    s(393, 447), // rook on a2
    s(435, 460), // rook on b2
    s(466, 420), // rook on c2
    s(455, 442), // rook on d2
    s(412, 432), // rook on e2
    s(421, 392), // rook on f2
    s(436, 450), // rook on a3
    s(419, 466), // rook on b3
    s(474, 440), // rook on c3
    s(451, 451), // rook on d3
    s(444, 445), // rook on e3
    s(457, 441), // rook on f3
    s(465, 452), // rook on a4
    s(475, 469), // rook on b4
    s(479, 470), // rook on c4
    s(467, 481), // rook on d4
    s(474, 478), // rook on e4
    s(470, 469), // rook on f4
    s(492, 462), // rook on a5
    s(475, 481), // rook on b5
    s(476, 466), // rook on c5
    s(490, 475), // rook on d5
    s(477, 479), // rook on e5
    s(458, 452), // rook on f5
    s(459, 456), // rook on a6
    s(469, 466), // rook on b6
    s(475, 486), // rook on c6
    s(479, 491), // rook on d6
    s(464, 473), // rook on e6
    s(485, 474), // rook on f6
    s(848, 844), // queen on a1
    s(807, 840), // queen on b1
    s(834, 883), // queen on c1
    s(815, 838), // queen on d1
    s(855, 843), // queen on e1
    s(833, 845), // queen on f1
    s(819, 812), // queen on a2
    s(852, 814), // queen on b2
    s(833, 847), // queen on c2
    s(853, 827), // queen on d2
    s(882, 849), // queen on e2
    s(842, 861), // queen on f2
    s(843, 835), // queen on a3
    s(833, 847), // queen on b3
    s(817, 889), // queen on c3
    s(838, 869), // queen on d3
    s(853, 865), // queen on e3
    s(829, 848), // queen on f3
    s(817, 823), // queen on a4
    s(880, 854), // queen on b4
    s(874, 883), // queen on c4
    s(868, 864), // queen on d4
    s(871, 874), // queen on e4
    s(895, 868), // queen on f4
    s(852, 853), // queen on a5
    s(853, 854), // queen on b5
    s(881, 867), // queen on c5
    s(865, 870), // queen on d5
    s(886, 873), // queen on e5
    s(864, 856), // queen on f5
    s(846, 843), // queen on a6
    s(856, 850), // queen on b6
    s(855, 854), // queen on c6
    s(862, 861), // queen on d6
    s(856, 852), // queen on e6
    s(863, 862), // queen on f6
    s(12, -54),  // king on a1
    s(17, -39),  // king on b1
    s(0, -33),   // king on c1
    s(17, -39),  // king on d1
    s(8, -36),   // king on e1
    s(24, -70),  // king on f1
    s(-21, -35), // king on a2
    s(-30, 6),   // king on b2
    s(-36, 9),   // king on c2
    s(-37, 10),  // king on d2
    s(-34, 4),   // king on e2
    s(-25, -31), // king on f2
    s(-23, -29), // king on a3
    s(13, 3),    // king on b3
    s(-43, 31),  // king on c3
    s(-55, 31),  // king on d3
    s(-31, 0),   // king on e3
    s(-3, -30),  // king on f3
    s(-29, 1),   // king on a4
    s(-16, 34),  // king on b4
    s(-41, 27),  // king on c4
    s(-37, 39),  // king on d4
    s(-12, 34),  // king on e4
    s(-19, -3),  // king on f4
    s(-38, -15), // king on a5
    s(-34, 39),  // king on b5
    s(-42, 20),  // king on c5
    s(-54, 16),  // king on d5
    s(-34, 31),  // king on e5
    s(-46, -16), // king on f5
    s(-50, -34), // king on a6
    s(-46, -9),  // king on b6
    s(-48, -6),  // king on c6
    s(-48, 1),   // king on d6
    s(-40, 13),  // king on e6
    s(-51, -47), // king on f6
    s(33, 4),    // knight mobility
    s(15, 2),    // rook mobility
    s(13, -1),   // queen mobility
    s(0, 0),     // passed pawn on rank 1
    s(-1, 23),   // passed pawn on rank 2
    s(17, 35),   // passed pawn on rank 3
    s(24, 55),   // passed pawn on rank 4
    s(0, 53),    // passed pawn on rank 5
    s(0, 0),     // passed pawn on rank 6
    s(-16, -40), // doubled pawn
    s(-14, -9),  // isolated pawn
    s(-4, -10),  // supported pawn
    s(2, -12),   // knight attacks the king's zone
    s(10, -4),   // rook attacks the king's zone
    s(5, 12),    // queen attacks the king's zone
    s(30, -22),  // pawn shielding the king
    s(29, 1),    // rook on an open file
    s(18, 10),   // rook on a half-open file
    s(74, 13),   // side to move
    s(22, 5),    // pawn attacks a piece, by the side to move
    s(7, 3),     // minor attacks a rook or queen, by the side to move
    s(2, 1),     // rook attacks a queen, by the side to move
    s(12, 7),    // piece attacked and undefended, by the side to move
    s(25, 17),   // pawn attacked and undefended, by the side to move
    s(40, 6),    // pawn attacks a piece, by the side not to move
    s(11, 2),    // minor attacks a rook or queen, by the side not to move
    s(3, 1),     // rook attacks a queen, by the side not to move
    s(12, 7),    // piece attacked and undefended, by the side not to move
    s(6, 21),    // pawn attacked and undefended, by the side not to move
    s(23, 0),    // safe knight check
    s(17, 9),    // safe rook check
    s(27, -4),   // safe queen check
    s(0, 0),     // blocked passer on rank 1
    s(0, -5),    // blocked passer on rank 2
    s(-11, -10), // blocked passer on rank 3
    s(-6, -11),  // blocked passer on rank 4
    s(-5, -9),   // blocked passer on rank 5
    s(0, 0),     // blocked passer on rank 6
    s(0, 0),     // free passer on rank 1
    s(3, 5),     // free passer on rank 2
    s(8, 15),    // free passer on rank 3
    s(7, 26),    // free passer on rank 4
    s(4, 13),    // free passer on rank 5
    s(0, 0),     // free passer on rank 6
];
